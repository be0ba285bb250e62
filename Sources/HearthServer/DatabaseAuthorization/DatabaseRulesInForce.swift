import HearthRules

/// A compiled `database.rules.json` and where it came from.
struct DatabaseRulesInForce: Sendable {
    let ruleset: DatabaseRuleset
    /// The raw source, comments included: what `GET /.settings/rules.json` returns.
    let source: String
    /// The file path, or "PUT /.settings/rules.json": printed with every denial explanation.
    let origin: String

    /// Compiles `source`; on failure every diagnostic, formatted as file:line:column with the line.
    static func compile(_ source: String, fileName: String, origin: String) -> Result<DatabaseRulesInForce, RulesLoadError> {
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: source, fileName: fileName)
        guard let ruleset else { return .failure(RulesLoadError(diagnostics.formatted(source: source))) }
        return .success(DatabaseRulesInForce(ruleset: ruleset, source: source, origin: origin))
    }
}
