/// One `allow` statement with its methods expanded (read → get+list, write → create+update+delete).
struct CompiledAllow: Sendable {
    var methods: Set<RequestMethod>
    var declared: [RuleMethod]
    /// nil: unconditional allow.
    var condition: Expr?
    var location: SourceLocation
    /// The explanation of a request this statement grants, indexed by `RequestMethod.index`
    /// (empty for methods it does not cover): `allowed by firestore.rules:12 for 'get'`.
    /// Written once here because nearly every request is granted, and the services log each
    /// grant's explanation (the Requests feed): formatting it per request was two allocations.
    let grantExplanations: [String]

    init(methods: Set<RequestMethod>, declared: [RuleMethod], condition: Expr?, location: SourceLocation, fileName: String) {
        self.methods = methods
        self.declared = declared
        self.condition = condition
        self.location = location
        self.grantExplanations = RequestMethod.allCases.map { method in
            methods.contains(method) ? "allowed by \(fileName):\(location.line) for '\(method.rawValue)'" : ""
        }
    }
}
