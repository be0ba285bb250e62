import HearthRules

/// A compiled ruleset and where it came from, as the server applies it to requests.
///
/// A class so that handing the rules to a request retains one object instead of copying the
/// ruleset's arrays and strings (it is immutable, hence `Sendable`).
final class RulesInForce: Sendable {
    let ruleset: CompiledRuleset
    /// The source text, kept so deployed rules can be persisted and reported.
    let source: String
    /// `firestore.rules` (a file) or `PUT …:securityRules` — printed in denial explanations.
    let origin: String

    init(ruleset: CompiledRuleset, source: String, origin: String) {
        self.ruleset = ruleset
        self.source = source
        self.origin = origin
    }

    /// Compiles `source`; every error is reported, each as file:line:column with the line.
    static func compile(_ source: String, fileName: String, origin: String) -> (RulesInForce?, [Diagnostic]) {
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: fileName)
        return (ruleset.map { RulesInForce(ruleset: $0, source: source, origin: origin) }, diagnostics)
    }
}
