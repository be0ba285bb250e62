/// The variables of one rule evaluation (reference §8.4): fixed per request except the rule's
/// location and its wildcard bindings, which change per level of the rule tree.
struct DatabaseEvaluationContext: Sendable {
    var auth: DatabaseRuleValue
    var now: Double
    var data: any DatabaseRulesData
    /// The data after the write; nil for reads.
    var newData: (any DatabaseRulesData)?
    var query: DatabaseRulesQuery
    /// The data location of the rule being evaluated.
    var path: [String] = []
    var wildcards: [String: String] = [:]
}
