import HearthRules
import Testing

/// Write evaluation: `.write` cascades down to the write location only, `.validate` runs at
/// ancestors and below in the new data but never for deletes, updates are all or nothing with
/// `newData` after the whole merge (reference §8.3).
struct DatabaseRulesWriteTests {
    static let source = """
        {
          "rules": {
            "open": { ".write": true, "locked": { ".write": false } },
            "users": {
              "$uid": {
                ".write": "auth != null && auth.uid == $uid",
                ".validate": "newData.hasChildren(['name'])",
                "name": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length < 20" },
                "age": { ".validate": "newData.isNumber() && newData.val() >= 0" },
                "$other": { ".validate": false }
              }
            },
            "counters": {
              "$c": {
                ".write": true,
                ".validate": "newData.isNumber() && (!data.exists() || newData.val() == data.val() + 1)"
              }
            },
            "posts": {
              ".write": "auth != null",
              "$post": {
                ".validate": "newData.child('owner').val() == auth.uid && newData.child('at').val() <= now",
                "title": { ".write": false }
              }
            },
            "deep": { "a": { "b": { ".write": true } } },
            "pair": {
              ".write": true,
              ".validate": "newData.child('x').val() == newData.child('y').val()"
            }
          }
        }
        """

    static let data = InMemoryRulesData(root: .object([
        "users": .object(["alice": .object(["name": .string("Alice"), "age": .number(30)])]),
        "counters": .object(["c1": .number(5)]),
        "pair": .object(["x": .number(1), "y": .number(1)]),
    ]))

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var write: DatabaseWrite
        var uid: String? = nil
        var allowed: Bool
        var testDescription: String { self.name }
    }

    static let cases: [Case] = [
        Case(name: "granted at a parent", path: "/open/x", write: .set(.number(1)), allowed: true),
        Case(name: "a deeper false does not revoke", path: "/open/locked/x", write: .set(.number(1)), allowed: true),
        Case(name: "no rule grants", path: "/nothing", write: .set(.number(1)), allowed: false),
        Case(name: "deeper .write cannot grant a write above it", path: "/deep", write: .set(.object(["a": .object(["b": .number(1)])])), allowed: false),
        Case(name: "deeper .write grants at its own level", path: "/deep/a/b", write: .set(.number(1)), allowed: true),
        Case(name: "own profile", path: "/users/bob", write: .set(.object(["name": .string("Bob"), "age": .number(3)])), uid: "bob", allowed: true),
        Case(name: "someone else's profile", path: "/users/bob", write: .set(.object(["name": .string("Bob")])), uid: "eve", allowed: false),
        Case(name: "validate below fails", path: "/users/bob", write: .set(.object(["name": .string("")])), uid: "bob", allowed: false),
        Case(name: "wildcard validate false rejects unknown child", path: "/users/bob",
             write: .set(.object(["name": .string("Bob"), "extra": .bool(true)])), uid: "bob", allowed: false),
        Case(name: "ancestor validate runs for a child write", path: "/users/bob/age", write: .set(.number(3)), uid: "bob", allowed: false),
        Case(name: "ancestor validate passes with existing data", path: "/users/alice/age", write: .set(.number(31)), uid: "alice", allowed: true),
        Case(name: "child validate on child write", path: "/users/alice/age", write: .set(.number(-1)), uid: "alice", allowed: false),
        Case(name: "delete skips validate", path: "/users/alice", write: .set(nil), uid: "alice", allowed: true),
        Case(name: "delete of a required child is validated at the parent", path: "/users/alice/name", write: .set(nil), uid: "alice", allowed: false),
        Case(name: "delete of an optional child", path: "/users/alice/age", write: .set(nil), uid: "alice", allowed: true),
        Case(name: "counter increments", path: "/counters/c1", write: .set(.number(6)), allowed: true),
        Case(name: "counter jumps", path: "/counters/c1", write: .set(.number(7)), allowed: false),
        Case(name: "new counter", path: "/counters/c2", write: .set(.number(100)), allowed: true),
        Case(name: "now and auth in validate", path: "/posts/p1",
             write: .set(.object(["owner": .string("alice"), "at": .number(1000)])), uid: "alice", allowed: true),
        Case(name: "future timestamp", path: "/posts/p1",
             write: .set(.object(["owner": .string("alice"), "at": .number(5000)])), uid: "alice", allowed: false),
        Case(name: "update: newData is the merged state", path: "/pair",
             write: .update([.init(key: "x", value: .number(2)), .init(key: "y", value: .number(2))]), allowed: true),
        Case(name: "update: half a pair fails", path: "/pair", write: .update([.init(key: "x", value: .number(2))]), allowed: false),
        Case(name: "update: every key must be granted", path: "/",
             write: .update([.init(key: "open/a", value: .number(1)), .init(key: "nothing/b", value: .number(1))]), allowed: false),
        Case(name: "update: all keys granted", path: "/",
             write: .update([.init(key: "open/a", value: .number(1)), .init(key: "deep/a/b", value: .number(1))]), allowed: true),
        Case(name: "update: validate below a key", path: "/users/alice",
             write: .update([.init(key: "age", value: .string("old"))]), uid: "alice", allowed: false),
        Case(name: "empty object is a delete", path: "/users/alice", write: .set(.object([:])), uid: "alice", allowed: true),
    ]

    @Test(arguments: Self.cases)
    func write(_ testCase: Case) throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: Self.source).0)
        let auth = testCase.uid.map { DatabaseRulesAuth(uid: $0, provider: "password", token: [:]) }
        let path = testCase.path.split(separator: "/").map(String.init)
        let decision = ruleset.evaluateWrite(path: path, write: testCase.write, auth: auth, now: 2000, data: Self.data)
        #expect(decision.isAllowed == testCase.allowed, "\(decision)")
    }

    @Test func validateFailureIsExplained() throws {
        let ruleset = try #require(DatabaseRuleset.compile(source: Self.source).0)
        let decision = ruleset.evaluateWrite(
            path: ["users", "alice", "age"], write: .set(.number(-1)), auth: DatabaseRulesAuth(uid: "alice", provider: "password", token: [:]),
            now: 0, data: Self.data)
        #expect(decision.explanation == ".validate failed: /rules/users/$uid/age/.validate (database.rules.json:9:31) at /users/alice/age: false")
    }
}
