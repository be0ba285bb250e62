/// The parsed (not yet checked) form of a rules file.
public struct RulesFile: Sendable {
    /// `1` when `rules_version` is omitted (production default, verified by pyric).
    public var version: Int = 1
    public var functions: [FunctionDecl] = []
    public var services: [ServiceDecl] = []
    public var sourceMap = SourceMap()
}
