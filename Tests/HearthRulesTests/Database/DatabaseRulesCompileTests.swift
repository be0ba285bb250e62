import HearthRules
import Testing

/// Compilation of `database.rules.json`: comments, structure errors and expression errors, each
/// reported at its exact line and column.
struct DatabaseRulesCompileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        /// `line:column: fragment of the message`, in position order.
        var errors: [String]
        var testDescription: String { self.name }
    }

    static let cases: [Case] = [
        Case(name: "comments are allowed", source: """
            // top comment
            {
              /* block
                 comment */
              "rules": { ".read": true, // trailing
                ".write": "auth != null" }
            }
            """, errors: []),
        Case(name: "missing rules", source: "{}", errors: ["1:1: missing the top-level \"rules\""]),
        Case(name: "unknown top-level key", source: #"{"rules": {}, "other": 1}"#, errors: ["1:15: unknown top-level key \"other\""]),
        Case(name: "unknown dot key", source: """
            {"rules": {
              ".raed": true
            }}
            """, errors: ["2:3: unknown rule key \".raed\""]),
        Case(name: "rule of wrong type", source: #"{"rules": {".read": 1}}"#, errors: ["1:21: .read must be a boolean or a string expression, got number"]),
        Case(name: "indexOn types", source: #"{"rules": {"a": {".indexOn": ["x", 2]}, "b": {".indexOn": true}}}"#,
             errors: ["1:36: .indexOn must list strings", "1:59: .indexOn must be a string or an array"]),
        Case(name: "two wildcards", source: """
            {"rules": {
              "$a": {},
              "$b": {}
            }}
            """, errors: ["3:3: only one $wildcard is allowed per level"]),
        Case(name: "repeated wildcard on path", source: #"{"rules": {"$a": {"x": {"$a": {}}}}}"#,
             errors: ["1:25: wildcard \"$a\" is already used higher"]),
        Case(name: "node not an object", source: #"{"rules": {"users": true}}"#, errors: ["1:21: expected an object of rules under \"users\""]),
        Case(name: "json syntax: missing comma", source: """
            {"rules": {
              ".read": true
              ".write": true
            }}
            """, errors: ["3:3: expected ',' or '}' after the value of \".read\""]),
        Case(name: "json syntax: unterminated comment", source: "{\"rules\": {}} /* open", errors: ["1:15: unterminated /* comment"]),
        Case(name: "expression column mapped into the file", source: """
            {
              "rules": {
                ".read": "auth != null && skies == 'blue'"
              }
            }
            """, errors: ["3:31: unknown variable 'skies' (in /rules/.read)"]),
        Case(name: "escapes shift columns", source: #"{"rules": {".read": "\"a\" == \"a\" && nope"}}"#,
             errors: ["1:40: unknown variable 'nope'"]),
        Case(name: "every bad expression is reported", source: """
            {"rules": {
              ".read": "auth.uid ==",
              "$id": {
                ".write": "newData.val() = 5",
                ".validate": "$other == 'x'"
              },
              "x": { ".read": "newData.exists()" }
            }}
            """, errors: [
                "2:24: expected an expression, found the end",
                "4:30: assignment ('=') is not allowed",
                "5:19: unknown variable '$other'",
                "7:20: unknown variable 'newData'",
            ]),
        Case(name: "non-boolean rule", source: #"{"rules": {".read": "7"}}"#, errors: ["1:22: a rule must be a boolean expression, but this one is a number"]),
        Case(name: "bad regex flag", source: #"{"rules": {".read": "'a'.matches(/a/g)"}}"#, errors: ["1:37: unsupported regular expression flag 'g'"]),
        Case(name: "inner anchor", source: #"{"rules": {".read": "'a'.matches(/(^a$|b)/)"}}"#, errors: ["1:36: '^' is only allowed as the first"]),
        Case(name: "snapshot comparison", source: #"{"rules": {".read": "root.child('x') != null"}}"#,
             errors: ["1:22: the left operand of '!=' must be a string or number or boolean or null, got RuleDataSnapshot"]),
        Case(name: "regex: empty alternative, bad brace", source: #"{"rules": {".read": "'a'.matches(/^(a|)$/) || 'b'.matches(/b{x/)"}}"#,
             errors: ["1:38: empty alternative"]),
        Case(name: "statement separator", source: #"{"rules": {".read": "true; false"}}"#, errors: ["1:26: unexpected ';'"]),
    ]

    @Test(arguments: Self.cases)
    func diagnostics(_ testCase: Case) {
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: testCase.source, fileName: "database.rules.json")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect((ruleset == nil) == !testCase.errors.isEmpty)
        #expect(errors.count == testCase.errors.count, "\(errors)")
        for (diagnostic, expected) in zip(errors, testCase.errors) {
            let text = "\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)"
            #expect(text.hasPrefix(expected), "got \(text)")
            #expect(diagnostic.description.hasPrefix("database.rules.json:\(diagnostic.location.line):"))
        }
    }

    /// Expression nesting is bounded (`DatabaseParser.maxDepth`): thousands of parentheses,
    /// `!` or chained operators used to overflow the stack (found by fuzzing).
    @Test(arguments: [("(", ")", 5_000, false), ("!", "", 5_000, false), ("true && ", "", 5_000, false), ("(", ")", 120, true)])
    func nestingIsBounded(prefix: String, suffix: String, count: Int, compiles: Bool) {
        let expression = String(repeating: prefix, count: count) + "true" + String(repeating: suffix, count: count)
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: #"{"rules": {".read": "\#(expression)"}}"#)
        #expect((ruleset != nil) == compiles, "\(prefix) × \(count)")
        if !compiles {
            #expect(diagnostics.contains { $0.message.contains("nested more than 128 levels deep") }, "\(prefix) × \(count)")
        }
    }

    @Test func duplicateKeyIsAWarning() {
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: #"{"rules": {".read": false, ".read": true}}"#)
        #expect(ruleset != nil)
        #expect(diagnostics.map(\.severity) == [.warning])
        let decision = ruleset?.evaluateRead(path: [], auth: nil, now: 0, data: InMemoryRulesData(root: nil))
        #expect(decision?.isAllowed == true)
    }

    @Test func indexOnIsKept() throws {
        let source = #"{"rules": {"users": {"$uid": {".indexOn": ["age", "name"]}}, "posts": {".indexOn": "date"}}}"#
        let ruleset = try #require(DatabaseRuleset.compile(source: source).0)
        #expect(ruleset.indexOn(at: ["users", "u1"]) == ["age", "name"])
        #expect(ruleset.indexOn(at: ["posts"]) == ["date"])
        #expect(ruleset.indexOn(at: ["other"]) == [])
    }
}
