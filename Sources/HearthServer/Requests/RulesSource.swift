/// The text of a ruleset that judged requests, shared by every ``RulesEvaluation`` judged by
/// it, so the feed can show the source once and each entry only its line numbers.
///
/// A class so entries share one object; immutable, hence `Sendable`. `id` is given by the
/// ``RulesEvaluationLog`` when the source is first seen and stays the same while any entry
/// of the log refers to it.
final class RulesSource: Sendable {
    let id: Int64
    /// The file path, `PUT …:securityRules`, or `PUT /.settings/rules.json`.
    let origin: String
    let text: String

    init(id: Int64, origin: String, text: String) {
        self.id = id
        self.origin = origin
        self.text = text
    }
}
