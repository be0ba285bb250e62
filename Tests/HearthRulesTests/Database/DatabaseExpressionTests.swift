import Foundation
import HearthRules
import Testing

/// A table of rule expressions evaluated as `.read` at `/items/$id` = `/items/i1`, against
/// fixed data: snapshot members, string members, operators, regexes and error semantics.
struct DatabaseExpressionTests {
    static let data = InMemoryRulesData(root: .object([
        "items": .object([
            "i1": RulesDataTree(.children([
                "name": .string("Hello World"),
                "count": .number(3),
                "flag": .bool(true),
                "tags": .object(["a": .bool(true), "b": .bool(true)]),
            ]), priority: .number(7)),
        ]),
        "config": .object(["banned": .object(["eve": .bool(true)])]),
    ]))

    /// Expression → expected outcome: true, false, or nil for a runtime error.
    static let cases: [(String, Bool?)] = [
        ("data.exists() && data.hasChildren() && data.hasChildren(['name', 'count'])", true),
        ("data.hasChildren(['name', 'missing'])", false),
        ("data.hasChild('tags/a') && !data.hasChild('tags/c')", true),
        ("data.child('name').isString() && data.child('count').isNumber() && data.child('flag').isBoolean()", true),
        ("data.child('count').val() * 2 == 6", true),
        ("data.child('tags').val() == null", false),
        ("data.getPriority() == 7", true),
        ("data.child('name').getPriority() == null", true),
        ("data.parent().parent().child('config/banned/eve').val() == true", true),
        ("root.child('config').child('banned').hasChild($id) == false", true),
        ("data.child('missing').val() == null && !data.child('missing').exists()", true),
        ("$id == 'i1' && $id.length == 2", true),
        ("data.child('name').val().length == 11", true),
        ("data.child('name').val().contains('lo W')", true),
        ("data.child('name').val().beginsWith('Hell') && data.child('name').val().endsWith('orld')", true),
        ("data.child('name').val().replace('o', '0') == 'Hell0 W0rld'", true),
        ("data.child('name').val().toLowerCase() == 'hello world' && 'ab'.toUpperCase() == 'AB'", true),
        ("data.child('name').val().matches(/^hello/i)", true),
        ("data.child('name').val().matches(/^World/)", false),
        ("data.child('name').val().matches(/W[a-z]+$/)", true),
        ("'a-1'.matches(/^[a-z]-\\d$/)", true),
        ("data.child('count').val().contains('3')", nil),
        ("data.child('missing').val().length > 0", nil),
        ("auth.uid.length > 0", nil),
        ("auth == null && auth.uid == null && auth.token.email == null", true),
        ("1 + 2 == 3 && 'a' + 1 == 'a1' && 1 + 'b' == '1b' && 0.5 + '' == '0.5'", true),
        ("7 % 3 == 1 && -7 % 3 == -1 && 10 / 4 == 2.5", true),
        ("(1/0 + '') == 'NaN'", true),
        ("'abc' < 'abd' && 'b' > 'a' && 2 >= 2 && 1 <= 1", true),
        ("data.child('name').val() < 2", nil),
        ("true ? 1 == 1 : false", true),
        ("false ? false : 'x' != 'y'", true),
        ("data.child('name').val().matches(/o{2}|l{2}/) && 'a}'.matches(/a}/)", true),
        ("now > 1000", true),
        ("query.orderByKey == true && query.limitToFirst == null", true),
        ("root['exists']() && root.child('items')['hasChild']('i1')", true),
        ("data.parent().parent().parent().exists()", nil),
        ("false && auth.uid.length > 0", false),
        ("true || auth.uid.length > 0", true),
        ("auth.uid.length > 0 || true", nil),
    ]

    @Test(arguments: Self.cases)
    func expression(_ expression: String, _ expected: Bool?) throws {
        let escaped = expression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let source = #"{"rules": {"items": {"$id": {".read": ""# + escaped + #""}}}}"#
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: source)
        let compiled = try #require(ruleset, "\(diagnostics)")
        let decision = compiled.evaluateRead(path: ["items", "i1"], auth: nil, now: 5000, data: Self.data)
        let outcome = try #require(decision.evaluations.first?.outcome)
        switch expected {
        case true?: #expect(outcome == .true, "\(decision)")
        case false?: #expect(outcome == .false, "\(decision)")
        case nil:
            guard case .error = outcome else {
                Issue.record("expected a runtime error, got \(outcome)")
                return
            }
        }
    }
}
