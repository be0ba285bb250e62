/// One `allow` statement with its methods expanded (read → get+list, write → create+update+delete).
struct CompiledAllow: Sendable {
    var methods: Set<RequestMethod>
    var declared: [RuleMethod]
    /// nil: unconditional allow.
    var condition: Expr?
    var location: SourceLocation
}
