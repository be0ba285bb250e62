import Foundation
import HearthRules
import Testing

/// targaryen's ~186 rule expressions whose validity, runtime failure and result were recorded
/// against production Firebase (reference §10). Each is placed as a `.read` rule under one
/// wildcard level per binding the case needs, and read at the bound path.
struct TargaryenFixtureTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var rule: String
        var user: String
        var isValid: Bool
        var failAtRuntime: Bool?
        var evaluateTo: Bool?
        var data: FixtureJSON?
        var wildchildren: [String: String]?
        var query: [String: FixtureJSON]?
        var testDescription: String { self.rule }
    }

    struct File: Decodable {
        var users: [String: FixtureJSON]
        var tests: [Case]
    }

    static let file: File = {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("targaryen-fixtures.json")
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }()

    @Test func allCasesLoaded() {
        #expect(Self.file.tests.count == 186)
    }

    @Test(arguments: Self.file.tests)
    func fixture(_ fixture: Case) throws {
        let wildcards = (fixture.wildchildren ?? [:]).sorted { $0.key < $1.key }
        var rules: [String: Any] = [".read": fixture.rule]
        for (name, _) in wildcards.reversed() { rules = [name: rules] }
        let source = String(data: try JSONSerialization.data(withJSONObject: ["rules": rules]), encoding: .utf8)!
        let (ruleset, diagnostics) = DatabaseRuleset.compile(source: source)
        guard fixture.isValid else {
            #expect(ruleset == nil, "expected the upload to be rejected")
            return
        }
        let compiled = try #require(ruleset, "\(diagnostics)")
        let auth = Self.file.users[fixture.user]?.tree.map { DatabaseRulesAuth(variable: $0) }
        let decision = compiled.evaluateRead(
            path: wildcards.map(\.value), auth: auth, now: 1_700_000_000_000, query: Self.query(fixture.query),
            data: InMemoryRulesData(root: fixture.data?.tree))
        let outcome = try #require(decision.evaluations.first?.outcome)
        if fixture.failAtRuntime == true {
            guard case .error = outcome else {
                Issue.record("expected a runtime error, got \(outcome)")
                return
            }
        } else {
            #expect(outcome == (fixture.evaluateTo == true ? .true : .false))
        }
    }

    static func query(_ spec: [String: FixtureJSON]?) -> DatabaseRulesQuery {
        var query = DatabaseRulesQuery.plain
        guard let spec else { return query }
        if case .bool(true) = spec["orderByValue"] { query.orderBy = .value }
        if case .bool(true) = spec["orderByPriority"] { query.orderBy = .priority }
        if case .string(let child) = spec["orderByChild"] { query.orderBy = .child(child) }
        query.startAt = spec["startAt"]?.primitive
        query.endAt = spec["endAt"]?.primitive
        query.equalTo = spec["equalTo"]?.primitive
        if case .number(let n) = spec["limitToFirst"] { query.limitToFirst = Int(n) }
        if case .number(let n) = spec["limitToLast"] { query.limitToLast = Int(n) }
        return query
    }
}
