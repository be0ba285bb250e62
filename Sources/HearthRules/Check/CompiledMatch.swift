/// A match block after flattening: its absolute pattern, its allows, and the user functions
/// visible inside it.
struct CompiledMatch: Sendable {
    var pattern: [PathPatternSegment]
    var allows: [CompiledAllow]
    var functions: [String: Int]
    var location: SourceLocation
}
