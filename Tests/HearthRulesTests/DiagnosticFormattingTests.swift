import HearthRules
import Testing

/// Diagnostics with source excerpts: the shape of each excerpt, and a cost linear in the
/// source (fuzzing found a rules file whose 20,000 errors took minutes to format).
@Suite struct DiagnosticFormattingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let column: Int
        let expected: String
        var testDescription: String { self.name }
    }

    static let long = (0..<300).map { String($0 % 10) }.joined()

    static let cases: [Case] = [
        Case(name: "short line", line: "  allow read: if x", column: 3, expected: "  allow read: if x\n  ^"),
        Case(name: "tabs shown as spaces", line: "\tallow", column: 2, expected: " allow\n ^"),
        Case(name: "carriage return of a CRLF file dropped", line: "match /a {\r", column: 7, expected: "match /a {\n      ^"),
        Case(name: "column past the end", line: "ab", column: 5, expected: "ab\n    ^"),
        Case(name: "long line, column near the start", line: Self.long, column: 3,
             expected: String(Self.long.prefix(160)) + "…\n  ^"),
        Case(name: "long line, column in the middle", line: Self.long, column: 151,
             expected: "…" + String(Self.long.dropFirst(70).prefix(160)) + "…\n" + String(repeating: " ", count: 81) + "^"),
        Case(name: "long line, column near the end", line: Self.long, column: 299,
             expected: "…" + String(Self.long.suffix(160)) + "\n" + String(repeating: " ", count: 159) + "^"),
    ]

    @Test(arguments: Self.cases)
    func excerpt(_ c: Case) {
        let source = "first line\n" + c.line + "\nlast line"
        let diagnostic = Diagnostic(message: "m", fileName: "f", location: SourceLocation(line: 2, column: c.column, offset: 0))
        #expect(diagnostic.formatted(source: source) == "f:2:\(c.column): error: m\n" + c.expected)
    }

    @Test func diagnosticsPastTheLimitKeepTheirOneLineForm() {
        let diagnostics = (1...(Diagnostic.excerptLimit + 2)).map {
            Diagnostic(message: "m\($0)", fileName: "f", location: SourceLocation(line: 1, column: 1, offset: 0))
        }
        let lines = diagnostics.formatted(source: "x").split(separator: "\n")
        #expect(lines.count == Diagnostic.excerptLimit * 3 + 2)
        #expect(lines.suffix(2) == ["f:1:1: error: m\(Diagnostic.excerptLimit + 1)", "f:1:1: error: m\(Diagnostic.excerptLimit + 2)"])
    }

    /// 10,000 errors in a 350 KB file, on separate lines and then all on one line: each
    /// formatting used to split the whole source again (billions of steps; now about a million).
    /// Every error keeps its one-line form, the first hundred with an excerpt of at most 160
    /// scalars. The time bound is fifty times what it takes on a loaded machine.
    @Test func manyErrorsInALargeFileFormatInLinearTime() {
        let firestore = "service cloud.firestore { match /databases/{d}/documents {\n"
            + (0..<10_000).map { "  match /a\($0) { allow read: if ; }\n" }.joined() + "}}\n"
        let database = #"{"rules": {"# + (0..<10_000).map { #""a\#($0)": {".read": "auth.uid ==="}"# }.joined(separator: ", ") + "}}"
        let started = ContinuousClock.now
        let (firestoreRuleset, firestoreDiagnostics) = CompiledRuleset.compile(source: firestore)
        let (databaseRuleset, databaseDiagnostics) = DatabaseRuleset.compile(source: database)
        #expect(firestoreRuleset == nil && databaseRuleset == nil)
        #expect(firestoreDiagnostics.count >= 10_000 && databaseDiagnostics.count == 10_000)
        let formatted = [firestoreDiagnostics.formatted(source: firestore), databaseDiagnostics.formatted(source: database)]
        for (text, count) in zip(formatted, [firestoreDiagnostics.count, databaseDiagnostics.count]) {
            #expect(text.utf8.count < count * 150 + Diagnostic.excerptLimit * 400)
        }
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
