import HearthDatabase
import HearthJSON
import HearthRules
import Testing

@testable import HearthServer

/// Decoding Realtime Database test files: which kind a file is, `auth` as the server builds it,
/// queries as the rules' `query` sees them, values as REST bodies, and an error naming the
/// file, the case and the member for every malformed input.
@Suite struct DatabaseRulesTestFileTests {
    static func document(_ text: String) throws(RulesTestFileError) -> RulesTestDocument {
        try RulesTestDocument.decode(Array(text.utf8), path: "dir/t.test.json")
    }

    static func decode(_ text: String) throws -> DatabaseRulesTestFile {
        guard case .database(let file) = try Self.document(text) else { throw RulesTestFileError("not a database test file") }
        return file
    }

    /// A file with one case whose remaining members are `members`.
    static func decodeCase(_ members: String) throws -> DatabaseRulesTestCase {
        try Self.decode(#"{"database": "d.rules.json", "cases": [{"name": "c", "expect": "allow", "# + members + "}]}").cases[0]
    }

    static func error(_ text: String) -> String {
        do {
            _ = try Self.document(text)
            return "no error"
        } catch {
            return error.message
        }
    }

    @Test func theMemberNamingTheRulesTellsTheKind() throws {
        let firestore = try Self.document(#"{"rules": "f.rules", "cases": [{"name": "c", "operation": "get", "path": "a/b", "expect": "deny"}]}"#)
        guard case .firestore = firestore else { throw RulesTestFileError("expected a Firestore file") }
        let database = try Self.decode(#"{"database": "../d.rules.json", "cases": [{"name": "c", "operation": "read", "path": "/", "expect": "deny"}]}"#)
        #expect(database.rulesPath == "dir/../d.rules.json")
        #expect(database.project == "demo-hearth")
        #expect(database.now == nil)
        #expect(Self.error(#"{"rules": "f.rules", "database": "d.rules.json", "cases": []}"#)
            == #"dir/t.test.json: error: name either "rules" (Firestore rules) or "database" (Realtime Database rules), not both"#)
        #expect(Self.error(#"{"cases": []}"#).hasPrefix(#"dir/t.test.json: error: name the rules under test: "rules""#))
    }

    @Test func authIsWhatTheServerBuildsFromAnIDToken() throws {
        let user = try Self.decodeCase(#""auth": {"uid": "alice", "claims": {"moderator": true}}, "operation": "read", "path": "/a""#)
        let claims = try UnsignedIDToken.claims(uid: "alice", project: "demo-hearth", extra: JSONObject([.init(key: "moderator", value: .bool(true))]))
        #expect(user.auth == DatabaseRulesAuth(uid: "alice", claims: claims))
        #expect(user.auth?.value.subtree(at: ["token", "moderator"]) == .bool(true))
        #expect(user.auth?.value.subtree(at: ["provider"]) == .string("custom"))
        #expect(try Self.decodeCase(#""auth": null, "operation": "read", "path": "/a""#).auth == nil)
        #expect(try Self.decodeCase(#""operation": "read", "path": "/a""#).auth == nil)
    }

    static let queries: [(String, DatabaseRulesQuery)] = [
        ("", .plain),
        (#", "query": {"orderBy": "sentAt", "limitToLast": 50}"#, DatabaseRulesQuery(orderBy: .child("sentAt"), limitToLast: 50)),
        (#", "query": {"orderBy": "a/b", "startAt": 5, "endAt": 9}"#, DatabaseRulesQuery(orderBy: .child("a/b"), startAt: .number(5), endAt: .number(9))),
        (#", "query": {"orderBy": "$value", "equalTo": true}"#, DatabaseRulesQuery(orderBy: .value, equalTo: .bool(true))),
        (#", "query": {"orderBy": "$key", "startAt": "m", "limitToFirst": 10}"#, DatabaseRulesQuery(orderBy: .key, startAt: .string("m"), limitToFirst: 10)),
        (#", "query": {"orderBy": "$priority", "startAfter": 1}"#, DatabaseRulesQuery(orderBy: .priority, startAt: .number(1))),
        (#", "query": {"shallow": true, "limitToFirst": 3}"#, DatabaseRulesQuery(orderBy: .key, limitToFirst: 3)),
    ]

    @Test(arguments: Self.queries)
    func queriesReachTheRulesAsTheServerFillsThem(_ query: String, _ expected: DatabaseRulesQuery) throws {
        guard case .read(let path, let parsed) = try Self.decodeCase(#""operation": "read", "path": "messages/c1""# + query).operation else {
            throw RulesTestFileError("expected a read")
        }
        #expect(path == (try DatabasePath("/messages/c1")))
        #expect(DatabaseRulesQuery(parsed) == expected)
    }

    @Test func writesAreRESTBodies() throws {
        let set = try Self.decodeCase(#""operation": "set", "path": "/m/1", "value": {"text": {"__repeat__": ["ab", 3]}, "at": {".sv": "timestamp"}}"#)
        guard case .set(let path, let data) = set.operation else { throw RulesTestFileError("expected a set") }
        #expect(path.segments == ["m", "1"])
        #expect(data.hasServerValues)
        #expect(data.resolved(now: 7, existing: .empty).json(.normal) == (try JSONParser.parse(Array(#"{"at":7,"text":"ababab"}"#.utf8))))
        guard case .update(_, let update) = try Self.decodeCase(#""operation": "update", "path": "/", "value": {"a/b": 1, "c": null}"#).operation else {
            throw RulesTestFileError("expected an update")
        }
        #expect(update.entries.map(\.path.segments) == [["a", "b"], ["c"]])
        guard case .push(_, let pushed) = try Self.decodeCase(#""operation": "push", "path": "/m", "value": "hi""#).operation else {
            throw RulesTestFileError("expected a push")
        }
        #expect(pushed == DatabaseWriteData(DatabaseNode(.string("hi"))))
        guard case .delete = try Self.decodeCase(#""operation": "delete", "path": "/m/1""#).operation else { throw RulesTestFileError("expected a delete") }
        let seeded = try Self.decodeCase(#""operation": "delete", "path": "/m/1", "seed": {"m/1": {"text": "x"}}"#)
        #expect(seeded.seed?.entries.count == 1)
    }

    /// Malformed input, as case members (or a whole file when it starts with `{`), and the error.
    static let malformed: [(String, String)] = [
        (#"{"database": "d", "cases": []}"#, "dir/t.test.json: error: cases: a test file needs at least one case"),
        (#"{"database": "d", "now": -1, "cases": [{}]}"#, "dir/t.test.json: error: now: expected milliseconds since the epoch (e.g. 1750000000000), found -1"),
        (#"{"database": "d", "seed": {"a.b": 1}, "cases": [{}]}"#, "dir/t.test.json: error: seed: Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."),
        (#"{"database": "d", "rules": "r", "cases": [{}]}"#, #"dir/t.test.json: error: name either "rules" (Firestore rules) or "database" (Realtime Database rules), not both"#),
        (#""operation": "get", "path": "/a""#, #"dir/t.test.json: error: case "c": operation: unknown operation "get" (expected one of read, set, push, update, delete)"#),
        (#""operation": "read", "path": "/a", "value": 1"#, #"dir/t.test.json: error: case "c": value: "value" means nothing for operation "read""#),
        (#""operation": "delete", "path": "/a", "query": {}"#, #"dir/t.test.json: error: case "c": query: "query" means nothing for operation "delete""#),
        (#""operation": "set", "path": "/a""#, #"dir/t.test.json: error: case "c": value: a write needs a value (null deletes)"#),
        (#""operation": "set", "path": "/a#b", "value": 1"#, #"dir/t.test.json: error: case "c": path: Invalid path: Invalid token in path"#),
        (#""operation": "update", "path": "/", "value": 1"#, #"dir/t.test.json: error: case "c": value: expected an object of paths and their values, such as {"a/b": 1}, found number"#),
        (#""operation": "update", "path": "/", "value": {"a": 1, "a/b": 2}"#, #"dir/t.test.json: error: case "c": value: "#),
        (#""operation": "set", "path": "/a", "value": {"__repeat__": "x"}"#, #"dir/t.test.json: error: case "c": value.__repeat__: expected [text, count], e.g. ["a", 1001]"#),
        (#""operation": "read", "path": "/a", "query": {"limitToFirst": 1}"#, #"dir/t.test.json: error: case "c": query: "#),
        (#""operation": "read", "path": "/a", "query": {"orderBy": 1}"#, #"dir/t.test.json: error: case "c": query.orderBy: expected a string, found number"#),
        (#""operation": "read", "path": "/a", "query": {"limit": 1}"#, #"dir/t.test.json: error: case "c": query: unknown member "limit""#),
        (#""operation": "read", "path": "/a", "auth": 7"#, #"dir/t.test.json: error: case "c": auth: expected an object, found number"#),
        (#""operation": "read", "path": "/a", "data": {}"#, #"dir/t.test.json: error: case "c": cases[0]: unknown member "data" (expected one of name, description, auth, operation, path, query, value, seed, expect)"#),
    ]

    @Test(arguments: Self.malformed)
    func malformedFilesAreReportedWithFileCaseAndMember(_ input: String, _ expected: String) {
        let text = input.hasPrefix("{") ? input : #"{"database": "d", "cases": [{"name": "c", "expect": "allow", "# + input + "}]}"
        let message = Self.error(text)
        #expect(message.hasPrefix(expected), "\(message)")
    }
}
