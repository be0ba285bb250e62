import HearthDatabase
import HearthJSON
import HearthRules

/// Decoding one Realtime Database case: `name`, `auth`, `operation` with its `path`, `query` or
/// `value`, optional `seed`, and `expect`. A `value` is the body of the REST call: any JSON for
/// `set` and `push` (server values such as `{".sv": "timestamp"}` included), an object of
/// relative paths for `update`.
extension DatabaseRulesTestDecoder {
    /// The operations a case may name, as printed in errors.
    static let operations = ["read", "set", "push", "update", "delete"]

    /// The members of `query`: the REST query parameters (`rtdb.md` §1.3).
    static let queryMembers = ["orderBy", "startAt", "startAfter", "endAt", "endBefore", "equalTo", "limitToFirst", "limitToLast", "shallow"]

    /// The members a case may have.
    static let caseMembers = ["name", "description", "auth", "operation", "path", "query", "value", "seed", "expect"]

    func testCase(_ object: JSONObject, named name: String) throws(RulesTestFileError) -> DatabaseRulesTestCase {
        let expectation = try self.verdict(object["expect"])
        let auth: DatabaseRulesAuth? =
            switch try self.identity(object["auth"]) {
            case .user(let uid, let claims): DatabaseRulesAuth(uid: uid, claims: claims)
            case .anonymous, .owner: nil
            }
        let operation = try self.string(object["operation"], at: "operation")
        try self.requireOnly(object, for: operation)
        let path = try self.path(object["path"], at: "path")
        let decoded: DatabaseRulesTestOperation
        switch operation {
        case "read":
            decoded = .read(path, try self.query(object["query"]))
        case "set", "push":
            let data = try self.data(try self.value(object["value"]), at: "value")
            decoded = operation == "set" ? .set(path, data) : .push(path, data)
        case "update":
            decoded = .update(path, try self.update(try self.value(object["value"]), at: "value"))
        default:
            decoded = .delete(path)
        }
        let seed = try object["seed"].map { (json: JSONValue) throws(RulesTestFileError) in try self.update(json, at: "seed") }
        return DatabaseRulesTestCase(name: name, auth: auth, operation: decoded, seed: seed, expectation: expectation)
    }

    /// Rejects members that mean nothing for `operation` (`value` on a read, `query` on a
    /// write …), and unknown operations.
    private func requireOnly(_ object: JSONObject, for operation: String) throws(RulesTestFileError) {
        let meaningful: Set<String>
        switch operation {
        case "read": meaningful = ["path", "query"]
        case "set", "push", "update": meaningful = ["path", "value"]
        case "delete": meaningful = ["path"]
        default:
            throw self.failure("operation", "unknown operation \"\(operation)\" (expected one of \(Self.operations.joined(separator: ", ")))")
        }
        for key in ["query", "value"] where object[key] != nil && !meaningful.contains(key) {
            throw self.failure(key, "\"\(key)\" means nothing for operation \"\(operation)\"")
        }
    }

    /// `value`, which a write must have (`null` is a value: it deletes).
    private func value(_ json: JSONValue?) throws(RulesTestFileError) -> JSONValue {
        guard let json else { throw self.failure("value", "a write needs a value (null deletes)") }
        return json
    }

    /// A multi-path update: `{"relative/path": value, …}`, as a PATCH body.
    private func update(_ json: JSONValue, at location: String) throws(RulesTestFileError) -> DatabaseUpdate {
        guard case .object = json else {
            throw self.failure(location, "expected an object of paths and their values, such as {\"a/b\": 1}, found \(json.typeName)")
        }
        let expanded = try self.expand(json, at: location)
        return try self.attempt(location) { () throws(DatabaseError) in try DatabaseUpdate(json: expanded) }
    }

    /// `query`: the REST query parameters as JSON members, e.g. `{"orderBy": "sentAt",
    /// "startAt": 5, "limitToLast": 10}`; checked as the server checks the URL parameters.
    /// Absent: a plain read (`query.orderByKey == true` in rules).
    func query(_ json: JSONValue?) throws(RulesTestFileError) -> DatabaseQuery {
        guard let json else { return DatabaseQuery() }
        let object = try self.object(json, at: "query", allowing: Self.queryMembers)
        var parameters: [String: String] = [:]
        for member in object {
            let here = "query.\(member.key)"
            switch member.key {
            case "orderBy":
                parameters[member.key] = JSONValue.string(try self.string(member.value, at: here)).serializedString()
            case "limitToFirst", "limitToLast":
                if let limit = try self.integer(member.value, at: here) { parameters[member.key] = String(limit) }
            case "shallow":
                parameters[member.key] = try self.bool(member.value, at: here) ? "true" : "false"
            default:
                parameters[member.key] = member.value.serializedString()
            }
        }
        return try self.attempt("query") { () throws(DatabaseError) in try DatabaseQuery(parameters: parameters) }
    }
}
