/// `match /a/{b} { … }`
public struct MatchDecl: Sendable {
    public var pattern: [PathPatternSegment]
    public var location: SourceLocation
    public var functions: [FunctionDecl] = []
    public var allows: [AllowDecl] = []
    public var matches: [MatchDecl] = []
}
