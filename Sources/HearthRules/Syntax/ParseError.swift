/// Internal control flow of the parser: an error at a position, caught at statement level where
/// it becomes a `Diagnostic` and the parser resynchronises. Never escapes `Parser.parse`.
struct ParseError: Error {
    var message: String
    var location: SourceLocation
}
