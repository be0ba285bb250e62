import HearthRules
import Testing

/// Read evaluation: the first true `.read` from the root down grants, deeper rules are not
/// filters, wildcards bind, and denials say which rules were evaluated (reference §8.2).
struct DatabaseRulesReadTests {
    static let source = """
        {
          "rules": {
            "public": { ".read": true, "secret": { ".read": false } },
            "users": {
              "$uid": {
                ".read": "auth != null && auth.uid == $uid",
                "profile": { ".read": "data.child('visible').val() == true" }
              }
            },
            "messages": {
              "$id": { ".read": true }
            },
            "byOwner": {
              ".read": "query.orderByChild == 'owner' && query.equalTo == auth.uid"
            },
            "broken": { ".read": "auth.uid.contains('x') || true" }
          }
        }
        """

    static let data = InMemoryRulesData(root: .object([
        "users": .object(["alice": .object(["profile": .object(["visible": .bool(true)])]),
                          "bob": .object(["profile": .object(["visible": .bool(false)])])]),
        "messages": .object(["m1": .string("hi")]),
    ]))

    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var uid: String?
        var query: DatabaseRulesQuery = .plain
        var allowed: Bool
        var testDescription: String { "\(self.path) as \(self.uid ?? "nobody")" }
    }

    static let cases: [Case] = [
        Case(path: "/public", allowed: true),
        Case(path: "/public/secret", allowed: true),  // a grant above cannot be revoked
        Case(path: "/public/secret/deeper", allowed: true),
        Case(path: "/", allowed: false),
        Case(path: "/users/alice", uid: "alice", allowed: true),
        Case(path: "/users/alice/anything", uid: "alice", allowed: true),
        Case(path: "/users/alice", uid: "bob", allowed: false),
        Case(path: "/users/alice", allowed: false),
        Case(path: "/users/alice/profile", allowed: true),
        Case(path: "/users/bob/profile", allowed: false),
        Case(path: "/messages", allowed: false),  // rules are not filters
        Case(path: "/messages/m1", allowed: true),
        Case(path: "/byOwner", uid: "alice", allowed: false),
        Case(path: "/byOwner", uid: "alice", query: DatabaseRulesQuery(orderBy: .child("owner"), equalTo: .string("alice")), allowed: true),
        Case(path: "/byOwner", uid: "alice", query: DatabaseRulesQuery(orderBy: .child("owner"), equalTo: .string("bob")), allowed: false),
        Case(path: "/broken", allowed: false),  // a runtime error makes the whole rule false, even `|| true`
        Case(path: "/broken", uid: "x1", allowed: true),
    ]

    @Test(arguments: Self.cases)
    func read(_ testCase: Case) throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: Self.source).0)
        let auth = testCase.uid.map { DatabaseRulesAuth(uid: $0, provider: "custom", token: ["sub": .string($0)]) }
        let path = testCase.path.split(separator: "/").map(String.init)
        let decision = ruleset.evaluateRead(path: path, auth: auth, now: 0, query: testCase.query, data: Self.data)
        #expect(decision.isAllowed == testCase.allowed, "\(decision)")
    }

    @Test func denialExplainsEachRule() throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: Self.source).0)
        let decision = ruleset.evaluateRead(path: ["users", "alice"], auth: nil, now: 0, data: Self.data)
        #expect(!decision.isAllowed)
        #expect(decision.evaluations.map(\.rulePath) == ["/rules/users/$uid/.read"])
        #expect(decision.explanation == "no .read rule granted read of /users/alice: /rules/users/$uid/.read (database.rules.json:6:18) at /users/alice: false")
    }

    @Test func runtimeErrorIsLocated() throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: Self.source).0)
        let decision = ruleset.evaluateRead(path: ["broken"], auth: nil, now: 0, data: Self.data)
        guard case .error(let message, let location) = decision.evaluations.first?.outcome else {
            Issue.record("expected an error, got \(decision)")
            return
        }
        #expect(message.contains("null"))
        #expect(location.line == 16 && location.column == 36)
    }

    @Test func noRuleApplies() throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: #"{"rules": {"a": {".read": true}}}"#).0)
        let decision = ruleset.evaluateRead(path: ["b", "c"], auth: nil, now: 0, data: Self.data)
        #expect(!decision.isAllowed)
        #expect(decision.explanation == "no .read rule applies at or above /b/c")
    }

    @Test func openAccessAllowsEverything() throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: DatabaseRuleset.openAccessSource).0)
        #expect(ruleset.evaluateRead(path: ["x"], auth: nil, now: 0, data: Self.data).isAllowed)
        #expect(ruleset.evaluateWrite(path: ["x"], write: .set(.number(1)), auth: nil, now: 0, data: Self.data).isAllowed)
    }
}
