import HearthFuzzing
import HearthRules

/// Fuzzes the Firestore rules language: lexer, parser and checker on any text, diagnostics
/// formatting with the source line and caret, and — when the text compiles — evaluation of a
/// fixed set of requests (``FirestoreRulesRequests``) against it.
///
/// Oracles: no crash or hang (deep nesting, huge literals, recursion between functions, odd
/// positions in diagnostics); a ruleset that compiles has no error diagnostics; evaluation is
/// deterministic (the same request gives the same decision twice).
@main
enum FirestoreRulesHarness {
    static func main() {
        FuzzDriver.main(fuzzFirestoreRulesTestOneInput)
    }

    static func run(_ bytes: [UInt8]) {
        let source = String(decoding: bytes, as: UTF8.self)
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source)
        _ = diagnostics.formatted(source: source)
        guard let ruleset else {
            precondition(diagnostics.containsErrors, "compilation failed without an error diagnostic")
            return
        }
        precondition(!diagnostics.containsErrors, "compiled despite an error diagnostic")
        _ = ruleset.matchPatterns
        let lookup = FirestoreRulesRequests.lookup
        for request in FirestoreRulesRequests.all {
            let first = ruleset.evaluate(request, lookup: lookup)
            let second = ruleset.evaluate(request, lookup: lookup)
            precondition(first.isAllowed == second.isAllowed, "evaluation is not deterministic")
            _ = first.explanation
        }
    }
}

/// libFuzzer's entry point: the text of a `firestore.rules` file.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzFirestoreRulesTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FirestoreRulesHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
