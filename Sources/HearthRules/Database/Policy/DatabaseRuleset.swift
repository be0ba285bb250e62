/// A `database.rules.json` compiled once (JSON with comments → rule tree, every expression
/// parsed and type-checked) and evaluated many times; immutable and `Sendable`.
///
/// ```swift
/// let (ruleset, diagnostics) = DatabaseRuleset.compile(source: text, fileName: "database.rules.json")
/// guard let ruleset else { print(diagnostics.formatted(source: text)); return }   // 400 on upload
/// let decision = ruleset.evaluateRead(path: ["messages", "m1"], auth: nil, now: nowMs, data: tree)
/// ```
public struct DatabaseRuleset: Sendable {
    public let fileName: String
    let root: DatabaseRuleNode
    /// Non-error diagnostics (duplicate keys).
    public let warnings: [Diagnostic]

    /// Parses and checks `source`. Returns nil plus every diagnostic, sorted by position, when
    /// anything is wrong; a JSON syntax error stops at that error, expression errors are all reported.
    public static func compile(source: String, fileName: String = "database.rules.json") -> (DatabaseRuleset?, [Diagnostic]) {
        var reader = RulesJSONReader(source: source)
        let document: RulesJSONValue
        do {
            document = try reader.readDocument()
        } catch {
            return (nil, [Diagnostic(message: error.message, fileName: fileName, location: error.location)])
        }
        var compiler = DatabaseRulesCompiler(fileName: fileName)
        let root = compiler.compile(document: document)
        let diagnostics = compiler.diagnostics.sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
        guard !diagnostics.containsErrors else { return (nil, diagnostics) }
        return (DatabaseRuleset(fileName: fileName, root: root, warnings: diagnostics), diagnostics)
    }

    /// What the Realtime Database emulator runs with when no rules file is given:
    /// `{"rules": {".read": true, ".write": true}}` (reference §9).
    public static let openAccessSource = "{\"rules\":{\".read\":true,\".write\":true}}"

    /// The `.indexOn` fields declared for the location `path` (exact keys or wildcards), for
    /// production-style `Index not defined` errors; the emulator does not enforce them.
    public func indexOn(at path: [String]) -> [String] {
        var node = self.root
        for key in path {
            guard let child = node.child(key) else { return [] }
            node = child.node
        }
        return node.indexOn
    }
}
