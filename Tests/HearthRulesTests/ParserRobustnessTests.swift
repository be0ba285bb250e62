import HearthRules
import Testing

/// Deterministic mutation smoke test: truncating or deleting characters anywhere in a real
/// ruleset must always terminate with diagnostics, never crash or hang (error recovery).
@Suite struct ParserRobustnessTests {
    static let source = """
        rules_version = '2';
        // comment
        function f(a, b) { let c = a + b; return c > 1 && 'x'.matches('.*'); }
        service cloud.firestore {
          match /databases/{database}/documents {
            match /users/{uid}/{rest=**} {
              allow read, write: if f(1, 2) || exists(/databases/$(database)/documents/a/$(uid)) ? true : false;
              allow list: if request.query.limit <= 10 && b'\\x0F'.size() == 1 && [1, 2][0:1] == [1] && {'a': 1}.a is int;
            }
          }
        }
        """

    @Test func everyTruncationAndDeletionTerminates() {
        let scalars = Array(Self.source.unicodeScalars)
        var compiled = 0
        for i in 0...scalars.count {
            var truncated = ""
            truncated.unicodeScalars.append(contentsOf: scalars[0..<i])
            if CompiledRuleset.compile(source: truncated).0 != nil { compiled += 1 }
            if i < scalars.count {
                var deleted = ""
                deleted.unicodeScalars.append(contentsOf: scalars[0..<i] + scalars[(i + 1)...])
                _ = CompiledRuleset.compile(source: deleted)
            }
        }
        #expect(compiled >= 1, "the complete source compiles")
    }

    @Test func garbageInputs() {
        for text in ["", "}", "{{{{", "service", "service cloud.firestore {", "match", "allow read;", "function", "/*",
            "'", "b'", "rules_version = ;", "service cloud.firestore { match / { } }", "service x.y { }",
            "service cloud.firestore { match /a/{b=*} { } }", "service cloud.firestore { match /a { allow read: if /; } }",
            "service cloud.firestore { match /a/{b} { allow read: if $(; } }", "\u{0}\u{1}"]
        {
            let (ruleset, diagnostics) = CompiledRuleset.compile(source: text)
            #expect(ruleset == nil || diagnostics.allSatisfy { $0.severity == .warning }, "\(text)")
        }
    }

    /// Nesting is bounded (`Parser.maxDepth`): thousands of parentheses, `!` or chained
    /// operators used to overflow the stack (found by fuzzing); now they are one diagnostic,
    /// and the nesting real rules use still compiles.
    @Test(arguments: [
        ("(", ")", 5_000, false), ("!", "", 5_000, false), ("true && ", "", 5_000, false), ("(", ")", 100, true),
        ("true || ", "", 100, true),
    ])
    func nestingIsBounded(prefix: String, suffix: String, count: Int, compiles: Bool) {
        let condition = String(repeating: prefix, count: count) + "true" + String(repeating: suffix, count: count)
        let source = "rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { match /a/{b} { allow read: if \(condition); } } }"
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source)
        #expect((ruleset != nil) == compiles, "\(prefix) × \(count)")
        if !compiles {
            #expect(diagnostics.contains { $0.message.contains("nested more than 128 levels deep") }, "\(prefix) × \(count)")
        }
    }
}
