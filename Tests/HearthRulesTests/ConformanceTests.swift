import HearthRules
import Testing

/// Runs every case of `Conformance/*.json` (data, not code; see `ConformanceValue` for the
/// value encoding). Compile errors count as evaluation errors, as in production where a
/// ruleset that does not compile never evaluates to true; an unknown function compiles (a
/// warning) and is an error value when evaluated.
@Suite struct ConformanceTests {
    @Test func suiteIsLarge() {
        #expect(ConformanceCase.all.count >= 400)
    }

    @Test(arguments: ConformanceCase.all)
    func conformance(_ c: ConformanceCase) {
        if let reason = KnownFailures.reason(for: c.id) {
            withKnownIssue(Comment(rawValue: reason)) { Self.check(c) }
        } else {
            Self.check(c)
        }
    }

    static func check(_ c: ConformanceCase) {
        let (compiled, diagnostics) = CompiledExpression.compile(c.expr)
        let result: RuleValue
        if let compiled {
            result = compiled.evaluate(bindings: c.bindings)
        } else {
            result = .error(diagnostics.map(\.message).joined(separator: "; "))
        }
        if c.expectError {
            guard case .error(let e) = result else {
                Issue.record("\(c.id): `\(c.expr)` expected an error, got \(result)")
                return
            }
            if let fragment = c.errorContains {
                #expect(e.message.contains(fragment), "\(c.id): error '\(e.message)' lacks '\(fragment)'")
            }
            return
        }
        let expected = c.value ?? .bool(true)
        let same = result.typeName == expected.typeName && result.strictlyEquals(expected)
        let bothNaN: Bool = {
            if case .float(let a) = result, case .float(let b) = expected { return a.isNaN && b.isNaN }
            return false
        }()
        #expect(same || bothNaN, "\(c.id): `\(c.expr)` = \(result), expected \(expected)")
    }
}
