import HearthFirestore
import HearthJSON
import Testing

@testable import HearthServer

/// Decoding test files: the plain-JSON values, the SDK-shaped writes and queries, and an error
/// naming the file, the case and the member for every malformed input.
@Suite struct RulesTestFileTests {
    static func decode(_ text: String, path: String = "dir/t.test.json") throws(RulesTestFileError) -> RulesTestFile {
        try RulesTestFile.decode(Array(text.utf8), path: path)
    }

    /// A file with one case whose remaining members are `members`.
    static func decodeCase(_ members: String) throws(RulesTestFileError) -> RulesTestCase {
        try Self.decode(#"{"rules": "r.rules", "cases": [{"name": "c", "expect": "allow", "# + members + "}]}").cases[0]
    }

    static func error(_ text: String) -> String {
        do {
            _ = try Self.decode(text)
            return "no error"
        } catch {
            return error.message
        }
    }

    static func caseError(_ members: String) -> String {
        Self.error(#"{"rules": "r.rules", "cases": [{"name": "c", "expect": "allow", "# + members + "}]}")
    }

    @Test func rulesPathsResolveAgainstTheTestFilesFolder() throws {
        let file = try Self.decode(#"{"rules": "../firestore.rules", "cases": [{"name": "c", "operation": "get", "path": "a/b", "expect": "deny"}]}"#)
        #expect(file.rulesPath == "dir/../firestore.rules")
        #expect(RulesTestFile.resolve("/abs.rules", against: "dir/t.json") == "/abs.rules")
        #expect(RulesTestFile.resolve("r.rules", against: "t.json") == "r.rules")
    }

    @Test func plainJSONValuesAndTags() throws {
        let testCase = try Self.decodeCase(#"""
            "operation": "set", "path": "a/b", "data": {
              "i": 1, "d": 1.0, "e": 1e3, "s": "x", "b": true, "n": null, "l": [1, "two"], "m": {"k": {"deep": 2}},
              "t": {"__time__": "2024-01-01T00:00:00Z"}, "r": {"__ref__": "users/alice"}, "y": {"__bytes__": "aGk="},
              "g": {"__geo__": [1.5, -2]}, "nan": {"__double__": "NaN"}, "long": {"__repeat__": ["ab", 3]},
              "v": {"__value__": {"integerValue": "7"}}, "now": {"__serverTimestamp__": true}}
            """#)
        guard case .commit(let writes) = testCase.operation, case .update(let fields, nil) = writes[0].operation else {
            Issue.record("expected a set")
            return
        }
        let database = try DatabaseID(project: "demo-hearth")
        #expect(fields["i"] == .integer(1))
        #expect(fields["d"] == .double(1))
        #expect(fields["e"] == .double(1000))
        #expect(fields["l"] == .array([.integer(1), .string("two")]))
        #expect(fields.value(at: FieldPath(segments: ["m", "k", "deep"])) == .integer(2))
        #expect(fields["t"] == .timestamp(Timestamp(seconds: 1_704_067_200)))
        #expect(fields["r"] == .reference(DocumentName(database: database, path: try DocumentPath(parsing: "users/alice"))))
        #expect(fields["y"] == .bytes(Array("hi".utf8)))
        #expect(fields["g"] == .geoPoint(try GeoPoint(latitude: 1.5, longitude: -2)))
        #expect(fields["nan"]?.isNaN == true)
        #expect(fields["long"] == .string("ababab"))
        #expect(fields["v"] == .integer(7))
        #expect(fields["now"] == nil)
        #expect(writes[0].transforms == [FieldTransform(field: FieldPath("now"), kind: .serverRequestTime)])
        #expect(writes[0].precondition == nil)
    }

    @Test func writesAreShapedLikeTheSDKs() throws {
        func write(_ members: String) throws -> Write {
            guard case .commit(let writes) = try Self.decodeCase(members).operation else { throw RulesTestFileError("not a commit") }
            return writes[0]
        }
        let create = try write(#""operation": "create", "path": "a/b", "data": {"x": 1}"#)
        #expect(create.precondition == .exists(false))
        let update = try write(#""operation": "update", "path": "a/b", "data": {"m.k": 1, "gone": {"__delete__": true}}"#)
        #expect(update.precondition == .exists(true))
        #expect(update.operation == .update(fields: MapValue(fields: ["m": .map(MapValue(fields: ["k": .integer(1)]))]), mask: [FieldPath(segments: ["m", "k"]), FieldPath("gone")]))
        let merge = try write(#""operation": "merge", "path": "a/b", "data": {"m": {"k": 1, "j": {}}}"#)
        guard case .update(_, let mask?) = merge.operation else { throw RulesTestFileError("not masked") }
        #expect(Set(mask) == [FieldPath(segments: ["m", "k"]), FieldPath(segments: ["m", "j"])])
        #expect(try write(#""operation": "delete", "path": "a/b""#).operation == .delete)
    }

    @Test func queriesAreShapedLikeTheSDKs() throws {
        let testCase = try Self.decodeCase(#"""
            "auth": {"uid": "alice", "claims": {"admin": true}}, "operation": "list", "path": "users/alice/notes",
            "query": {"where": [["owner", "==", "alice"], ["archived", "==", null], {"or": [["n", ">", 1], ["tags", "array-contains-any", ["a"]]]}, ["__name__", "!=", "n1"]],
                      "orderBy": ["n desc", "owner"], "limit": 5, "offset": 2}
            """#)
        guard case .list(let query) = testCase.operation, case .composite(.and, let filters)? = query.filter else {
            Issue.record("expected an AND'ed list query")
            return
        }
        #expect(query.parent == (try DocumentPath(parsing: "users/alice")))
        #expect(query.collectionID == "notes")
        #expect(filters.count == 4)
        #expect(filters[1] == .unary(FieldPath("archived"), .isNull))
        let note = try DocumentPath(parsing: "users/alice/notes/n1")
        #expect(filters[3] == .field(.documentID, .notEqual, .reference(DocumentName(database: try DatabaseID(project: "demo-hearth"), path: note))))
        #expect(query.orderBy == [OrderBy(field: FieldPath("n"), direction: .descending), OrderBy(field: FieldPath("owner"))])
        #expect(query.limit == 5 && query.offset == 2)
        guard case .user(let uid, let claims) = testCase.identity else {
            Issue.record("expected a user")
            return
        }
        #expect(uid == "alice")
        #expect(claims["admin"] == .bool(true))
        #expect(claims["sub"] == .string("alice"))
    }

    @Test func malformedFilesAreReportedWithFileCaseAndMember() {
        #expect(Self.error(#"{"rules": "r.rules", "cases": [}"#).hasPrefix("dir/t.test.json:1:32: error: not valid JSON"))
        #expect(Self.error(#"{"cases": []}"#) == "dir/t.test.json: error: rules: expected a string, found nothing")
        #expect(Self.error(#"{"rules": "r", "cases": []}"#) == "dir/t.test.json: error: cases: a test file needs at least one case")
        #expect(Self.error(#"{"rules": "r", "seed": {"a": {}}, "cases": [{}]}"#).hasPrefix(#"dir/t.test.json: error: seed["a"]: "#))
        #expect(Self.caseError(#""operation": "fetch", "path": "a/b""#)
            == #"dir/t.test.json: error: case "c": operation: unknown operation "fetch" (expected one of get, list, create, set, merge, update, delete, batch)"#)
        #expect(Self.caseError(#""operation": "get", "path": "a/b", "data": {}"#)
            == #"dir/t.test.json: error: case "c": data: "data" means nothing for operation "get""#)
        #expect(Self.caseError(#""operation": "get", "path": "a""#).hasPrefix(#"dir/t.test.json: error: case "c": path: "#))
        #expect(Self.caseError(#""operation": "list", "path": "a", "query": {"where": [["x", "=", 1]]}"#)
            .hasPrefix(#"dir/t.test.json: error: case "c": query.where[0][1]: unknown operator "=""#))
        #expect(Self.caseError(#""operation": "set", "path": "a/b", "data": {"t": {"__time__": 5}}"#)
            == #"dir/t.test.json: error: case "c": data.t.__time__: 5 is not a valid __time__ (see rules/README.md, "Rules test files")"#)
        #expect(Self.caseError(#""operation": "set", "path": "a/b", "data": {"t": {"__when__": 5}}"#)
            .hasPrefix(#"dir/t.test.json: error: case "c": data.t.__when__: unknown tag __when__"#))
        #expect(Self.caseError(#""operation": "set", "path": "a/b", "data": {"x": {"__delete__": true}}"#)
            == #"dir/t.test.json: error: case "c": data.x: {"__delete__": true} is only allowed in merge and update data"#)
        #expect(Self.caseError(#""operation": "set", "path": "a/b", "data": {"big": 99999999999999999999}"#)
            .hasPrefix(#"dir/t.test.json: error: case "c": data.big: 99999999999999999999 is beyond the 64-bit integer range"#))
        #expect(Self.caseError(#""operation": "batch", "writes": [{"operation": "get", "path": "a/b"}]"#)
            .hasPrefix(#"dir/t.test.json: error: case "c": writes[0].operation: unknown write "get""#))
        #expect(Self.caseError(#""operation": "get", "path": "a/b", "auth": 7"#)
            == #"dir/t.test.json: error: case "c": auth: expected an object, found number"#)
        #expect(Self.error(#"{"rules": "r", "cases": [{"name": "c", "operation": "get", "path": "a/b", "expect": "allowed"}]}"#)
            == #"dir/t.test.json: error: case "c": expect: expected "allow" or "deny", found "allowed""#)
        let twice = #"{"name": "c", "operation": "get", "path": "a/b", "expect": "deny"}"#
        #expect(Self.error(#"{"rules": "r", "cases": ["# + twice + "," + twice + "]}") == "dir/t.test.json: error: cases[1].name: another case has the same name")
    }
}
