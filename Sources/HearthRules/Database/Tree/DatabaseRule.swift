/// One compiled `.read`, `.write` or `.validate` rule: its parsed expression and where it is,
/// for denial explanations (`/rules/messages/$id/.read` at `database.rules.json:7:18`).
struct DatabaseRule: Sendable {
    let kind: DatabaseRuleKind
    /// `/rules/messages/$id/.read`
    let keyPath: String
    /// The rule's value in the file (the opening quote of a string rule).
    let location: SourceLocation
    /// The expression; `true`/`false` JSON booleans become literals.
    let expression: DatabaseExpression
    /// The source text of a string rule (nil for a JSON boolean).
    let text: String?
    /// The file column of each scalar of `text` (see ``RulesJSONValue/scalarColumns``).
    let scalarColumns: [Int]

    /// The file position of an expression offset, for runtime error reports.
    func location(ofOffset offset: Int) -> SourceLocation {
        guard !self.scalarColumns.isEmpty else { return self.location }
        let column = self.scalarColumns[min(max(offset, 0), self.scalarColumns.count - 1)]
        return SourceLocation(line: self.location.line, column: column, offset: 0)
    }
}
