/// The outcome of checking one RTDB read or write against the rules, with the rules that were
/// evaluated and a human explanation. A denial maps to 401 `{"error" : "Permission denied"}`
/// on the wire (reference §8.10); the explanation is for logs and `hearth rules test`.
public struct DatabaseRulesDecision: Sendable, CustomStringConvertible {
    public var isAllowed: Bool
    /// Every rule evaluated, in order.
    public var evaluations: [DatabaseRuleEvaluation]
    /// For an allow, the rule that granted; for a denial, why each rule failed, or that no rule applied.
    public var explanation: String

    public init(isAllowed: Bool, evaluations: [DatabaseRuleEvaluation], explanation: String) {
        self.isAllowed = isAllowed
        self.evaluations = evaluations
        self.explanation = explanation
    }

    public var description: String { (self.isAllowed ? "ALLOW: " : "DENY: ") + self.explanation }
}
