import HearthRules

/// A compiled ruleset and where it came from, as the server applies it to requests.
struct RulesInForce: Sendable {
    let ruleset: CompiledRuleset
    /// The source text, kept so deployed rules can be persisted and reported.
    let source: String
    /// `firestore.rules` (a file) or `PUT …:securityRules` — printed in denial explanations.
    let origin: String

    /// Compiles `source`; every error is reported, each as file:line:column with the line.
    static func compile(_ source: String, fileName: String, origin: String) -> (RulesInForce?, [Diagnostic]) {
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: fileName)
        return (ruleset.map { RulesInForce(ruleset: $0, source: source, origin: origin) }, diagnostics)
    }
}
