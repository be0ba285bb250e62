import HearthFuzzing
import HearthRules

/// Fuzzes the Realtime Database rules compiler: the JSON-with-comments reader, the rule tree
/// compiler, the expression lexer, parser (regular expressions included) and type checker,
/// diagnostics formatting and — when the text compiles — reads and writes evaluated against a
/// fixed tree (``DatabaseRulesRequests``).
///
/// Oracles: no crash or hang; a ruleset that compiles has no error diagnostics; evaluation is
/// deterministic.
@main
enum DatabaseRulesHarness {
    static func main() {
        FuzzDriver.main(fuzzDatabaseRulesTestOneInput)
    }

    static func run(_ bytes: [UInt8]) {
        let source = String(decoding: bytes, as: UTF8.self)
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: source)
        _ = diagnostics.formatted(source: source)
        guard let ruleset else {
            precondition(diagnostics.containsErrors, "compilation failed without an error diagnostic")
            return
        }
        precondition(!diagnostics.containsErrors, "compiled despite an error diagnostic")
        let data = DatabaseRulesRequests.data
        let now = DatabaseRulesRequests.now
        for (path, auth, query) in DatabaseRulesRequests.reads {
            let first = ruleset.evaluateRead(path: path, auth: auth, now: now, query: query, data: data)
            let second = ruleset.evaluateRead(path: path, auth: auth, now: now, query: query, data: data)
            precondition(first.isAllowed == second.isAllowed, "read evaluation is not deterministic")
            _ = ruleset.indexOn(at: path)
        }
        for (path, write, auth) in DatabaseRulesRequests.writes {
            let first = ruleset.evaluateWrite(path: path, write: write, auth: auth, now: now, data: data)
            let second = ruleset.evaluateWrite(path: path, write: write, auth: auth, now: now, data: data)
            precondition(first.isAllowed == second.isAllowed, "write evaluation is not deterministic")
        }
    }
}

/// libFuzzer's entry point: the text of a `database.rules.json` file.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDatabaseRulesTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    DatabaseRulesHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
