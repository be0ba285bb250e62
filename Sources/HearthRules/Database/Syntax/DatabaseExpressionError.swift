/// A problem in one rule expression at a scalar offset of its text; the compiler maps the
/// offset to the file's line and column. Used for syntax and type errors at compile time and
/// for runtime errors, which in RTDB make the whole rule false (reference §8.7).
struct DatabaseExpressionError: Error, Sendable {
    var message: String
    var offset: Int
}
