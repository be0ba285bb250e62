/// A rules file compiled ONCE (parse → check → flattened matches + resolved function tables)
/// and evaluated many times; immutable and `Sendable`, so one instance serves all requests.
///
/// ```swift
/// let (ruleset, diagnostics) = CompiledRuleset.compile(source: text, fileName: "firestore.rules")
/// guard let ruleset else { print(diagnostics.formatted(source: text)); return }
/// let decision = ruleset.evaluate(request, lookup: store)
/// ```
public struct CompiledRuleset: Sendable {
    public let fileName: String
    /// 1 or 2 (`rules_version`; 1 when omitted).
    public let version: Int
    let program: Program
    let matches: [CompiledMatch]
    /// Non-error diagnostics (warnings) from compilation.
    public let warnings: [Diagnostic]

    /// Parses and checks `source`. Returns nil plus every diagnostic when any error is found
    /// (syntax and semantic errors are all reported together, sorted by position).
    public static func compile(source: String, fileName: String = "firestore.rules") -> (CompiledRuleset?, [Diagnostic]) {
        let (file, parseDiagnostics) = Parser.parse(source: source, fileName: fileName)
        var checker = Checker(fileName: fileName, sourceMap: file.sourceMap)
        checker.compile(file: file)
        if file.services.isEmpty && !parseDiagnostics.containsErrors {
            checker.report(
                "no 'service cloud.firestore' block; every request will be denied", at: SourceLocation(line: 1, column: 1, offset: 0),
                severity: .warning)
        }
        let diagnostics = (parseDiagnostics + checker.diagnostics).sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
        guard !diagnostics.containsErrors else { return (nil, diagnostics) }
        let ruleset = CompiledRuleset(
            fileName: fileName, version: file.version, program: checker.program, matches: checker.matches,
            warnings: diagnostics)
        return (ruleset, diagnostics)
    }

    /// Whether the rules call `debug()`: callers pass a `DebugSink` only then.
    public var callsDebug: Bool { self.program.callsDebug }

    /// The flattened match patterns, for tooling and tests (e.g. `/databases/{database}/documents/users/{uid}`).
    public var matchPatterns: [String] {
        self.matches.map { "/" + $0.pattern.map(\.description).joined(separator: "/") }
    }
}
