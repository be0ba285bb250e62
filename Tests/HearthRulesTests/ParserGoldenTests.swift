import HearthRules
import Testing

/// Golden tables for the parser (cel-go `parser_test.go` style): input → printed AST, and
/// rules files → the exact diagnostics (all of them, with positions and carets).
@Suite struct ParserGoldenTests {
    struct ExpressionCase: Sendable, CustomTestStringConvertible {
        var input: String
        var printed: String
        var testDescription: String { self.input }
    }

    static let expressions: [ExpressionCase] = [
        .init(input: "a && b || c", printed: "(|| (&& a b) c)"),
        .init(input: "a || b && c", printed: "(|| a (&& b c))"),
        .init(input: "1 + 2 * 3", printed: "(+ 1 (* 2 3))"),
        .init(input: "(1 + 2) * 3", printed: "(* (+ 1 2) 3)"),
        .init(input: "!a == b", printed: "(== (! a) b)"),
        .init(input: "-x", printed: "(- x)"),
        .init(input: "-1", printed: "-1"),
        .init(input: "a ? b : c ? d : e", printed: "(?: a b (?: c d e))"),
        .init(input: "x in [1, 2]", printed: "(in x [1 2])"),
        .init(input: "x is string", printed: "(is x string)"),
        .init(input: "a.b.c", printed: "(. (. a b) c)"),
        .init(input: "a['b'][0]", printed: "([] ([] a 'b') 0)"),
        .init(input: "s[1:2]", printed: "([:] s 1 2)"),
        .init(input: "s[:2]", printed: "([:] s _ 2)"),
        .init(input: "s[1:]", printed: "([:] s 1 _)"),
        .init(input: "f(1, 'a')", printed: "(call f 1 'a')"),
        .init(input: "l.hasAll(['a'])", printed: "(method l hasAll ['a'])"),
        .init(input: "math.abs(-2)", printed: "(call math.abs -2)"),
        .init(input: "duration.value(1, 's')", printed: "(call duration.value 1 's')"),
        .init(input: "{'a': 1, 'b': [true]}", printed: "{'a': 1, 'b': [true]}"),
        .init(input: "/databases/$(database)/documents/users/$(request.auth.uid)",
              printed: "(path /databases/$(database)/documents/users/$((. (. request auth) uid)))"),
        .init(input: "exists(/databases/$(db)/documents/a/b)", printed: "(call exists (path /databases/$(db)/documents/a/b))"),
        .init(input: "b'\\x0F'", printed: "b'\\x0F'"),
        .init(input: "1.5e2", printed: "150.0"),
        .init(input: "a / b", printed: "(/ a b)"),
        .init(input: "/a/b[1]", printed: "([] (path /a/b) 1)"),
        .init(input: "x == null", printed: "(== x null)"),
        .init(input: "a < b == c >= d", printed: "(== (< a b) (>= c d))"),
        .init(input: "'it\\'s'", printed: "'it's'"),
        .init(input: "a.diff(b).affectedKeys().hasOnly(['t'])",
              printed: "(method (method (method a diff b) affectedKeys) hasOnly ['t'])"),
    ]

    @Test(arguments: Self.expressions)
    func expression(_ c: ExpressionCase) {
        let (expr, _, diagnostics) = Parser.parseExpression(source: c.input)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        if let expr { #expect(ASTPrinter.print(expr) == c.printed) }
    }

    @Test func fileOutline() {
        let source = """
            rules_version = '2'; // trailing comment
            function isSignedIn() { /* block */ return request.auth != null; }
            service cloud.firestore {
              match /databases/{database}/documents {
                function owns(uid) { let me = request.auth.uid; return me == uid; }
                match /users/{uid} {
                  allow read;
                  allow create, update: if owns(uid);
                }
                match /{path=**}/posts/{post} { allow list: if isSignedIn(); }
              }
            }
            """
        let (file, diagnostics) = Parser.parse(source: source)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            ASTPrinter.print(file) == """
                rules_version 2
                function isSignedIn()
                  return (!= (. request auth) null)
                service cloud.firestore
                  match /databases/{database}/documents
                    function owns(uid)
                      let me = (. (. request auth) uid)
                      return (== me uid)
                    match /users/{uid}
                      allow read @L7
                      allow create,update if (call owns uid) @L8
                    match /{path=**}/posts/{post}
                      allow list if (call isSignedIn) @L10
                """)
    }

    struct DiagnosticCase: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var expected: [String]
        var testDescription: String { self.name }
    }

    static let diagnosticCases: [DiagnosticCase] = [
        .init(
            name: "missing semicolons are all reported",
            source: """
                service cloud.firestore {
                  match /databases/{database}/documents {
                    allow read: if true
                    allow write: if false
                  }
                }
                """,
            expected: [
                "firestore.rules:4:5: error: expected ';' after allow statement, found 'allow'",
                "firestore.rules:5:3: error: expected ';' after allow statement, found '}'",
            ]),
        .init(
            name: "several independent errors",
            source: """
                service cloud.firestore {
                  match /databases/{database}/documents {
                    allow read: if 1 +;
                    allow fly: if true;
                    allow get: if nope(1);
                    allow list: if 'a'.size(1, 2);
                    allow update: if x is banana;
                  }
                }
                """,
            expected: [
                "firestore.rules:3:23: error: expected expression, found ';'",
                "firestore.rules:4:11: error: unknown method 'fly' in allow statement; expected one of read, write, get, list, create, update, delete",
                "firestore.rules:5:19: warning: Invalid function name: nope",
                "firestore.rules:6:23: error: method 'size' cannot be called with 2 argument(s)",
                "firestore.rules:7:22: warning: unknown variable 'x'",
                "firestore.rules:7:24: error: unknown type 'banana' in 'is' expression",
            ]),
        .init(
            name: "functions: duplicate, arity, let after return, recursion",
            source: """
                function f(a) { return a; }
                function f(b) { return b; }
                function g(x) { return x; let y = 1; }
                function r1() { return r2(); }
                function r2() { return r1(); }
                service cloud.firestore {
                  match /databases/{database}/documents {
                    allow read: if g(1, 2);
                  }
                }
                """,
            expected: [
                "firestore.rules:2:1: error: duplicate function 'f' in the same scope",
                "firestore.rules:3:27: error: 'let' binding after 'return' in function 'g'",
                "firestore.rules:4:1: error: recursive function call: r1 -> r2 -> r1; recursion is not allowed",
                "firestore.rules:8:20: error: function 'g' expects 1 argument(s) but was called with 2",
            ]),
        .init(
            name: "bad version and v1 mid-path recursive wildcard",
            source: """
                rules_version = '3';
                service cloud.firestore {
                  match /{path=**}/posts/{p} { allow read; }
                }
                """,
            expected: [
                "firestore.rules:1:17: error: rules_version must be '1' or '2'",
                "firestore.rules:3:3: error: recursive wildcard must be the last path segment in rules_version '1'",
            ]),
        .init(
            name: "unterminated string and unclosed brace",
            source: """
                service cloud.firestore {
                  match /databases/{database}/documents {
                    allow read: if 'abc;
                """,
            expected: [
                "firestore.rules:3:20: error: unterminated string literal",
                "firestore.rules:3:25: error: expected ';' after allow statement, found end of file",
                "firestore.rules:3:25: error: expected '}' to close match body, found end of file",
                "firestore.rules:3:25: error: expected '}' to close service body, found end of file",
            ]),
    ]

    @Test func serviceLevelAllowAndLimits() {
        let source = """
            service cloud.firestore {
              allow read;
              function many(a, b, c, d, e, f, g, h) { return true; }
              match /a/{x}/b/{x} { allow read: if many(1, 2, 3, 4, 5, 6, 7, 8); }
            }
            """
        let (_, diagnostics) = CompiledRuleset.compile(source: source, fileName: "f.rules")
        #expect(
            diagnostics.map(\.description) == [
                "f.rules:2:3: error: 'allow' is only permitted inside a match block",
                "f.rules:3:3: error: function 'many' has 8 parameters; the limit is 7",
                "f.rules:4:3: error: wildcard 'x' is bound twice in the match path",
            ])
    }

    @Test func expressionErrorsAreReportedWithPositions() {
        let (compiled, diagnostics) = CompiledExpression.compile("a.b +\n  ]")
        #expect(compiled == nil)
        #expect(diagnostics.map(\.description) == ["<expr>:2:3: error: expected expression, found ']'"])
    }

    @Test func runtimeErrorsCarryNodePositions() {
        let (compiled, _) = CompiledExpression.compile("true &&\n  {}.missing")
        guard case .error(let e) = compiled!.evaluate() else {
            Issue.record("expected error")
            return
        }
        #expect(e.message == "Property missing is undefined on object.")
        #expect(compiled!.location(of: e).description == "2:5")
    }

    @Test(arguments: Self.diagnosticCases)
    func diagnostics(_ c: DiagnosticCase) {
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: c.source, fileName: "firestore.rules")
        #expect(ruleset == nil)
        #expect(diagnostics.map(\.description) == c.expected)
    }

    @Test func caretFormatting() {
        let source = "service cloud.firestore {\n  match /databases/{d}/documents {\n    allow read: if true\n  }\n}\n"
        let (_, diagnostics) = CompiledRuleset.compile(source: source, fileName: "firestore.rules")
        #expect(
            diagnostics.formatted(source: source) == """
                firestore.rules:4:3: error: expected ';' after allow statement, found '}'
                  }
                  ^
                """)
    }
}
