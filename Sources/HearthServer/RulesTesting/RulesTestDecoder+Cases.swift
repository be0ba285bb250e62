import HearthFirestore
import HearthJSON

/// Decoding one case: `name`, `auth`, `operation` with its `path`, `data`, `query` or `writes`,
/// optional `seed` and `transaction`, and `expect`.
extension RulesTestDecoder {
    /// The operations a case may name, as printed in errors.
    static let operations = ["get", "list", "create", "set", "merge", "update", "delete", "batch"]

    /// The members a case may have.
    static let caseMembers = ["name", "description", "auth", "operation", "path", "data", "query", "writes", "transaction", "seed", "expect"]

    func testCase(_ object: JSONObject, named name: String) throws(RulesTestFileError) -> RulesTestCase {
        let expectation = try self.verdict(object["expect"])
        let identity = try self.identity(object["auth"])
        let operation = try self.string(object["operation"], at: "operation")
        try self.requireOnly(object, for: operation)
        let decoded: RulesTestOperation
        switch operation {
        case "get":
            decoded = .get(try self.documentPath(try self.string(object["path"], at: "path"), at: "path"))
        case "list":
            decoded = .list(try self.query(object["query"], collection: try self.string(object["path"], at: "path")))
        case "batch":
            let items = try self.array(object["writes"], at: "writes")
            if items.isEmpty { throw self.failure("writes", "a batch needs at least one write") }
            var writes: [Write] = []
            for (index, item) in items.enumerated() {
                let here = "writes[\(index)]"
                let entry = try self.object(item, at: here, allowing: ["operation", "path", "data"])
                let kind = try self.string(entry["operation"], at: "\(here).operation")
                writes.append(try self.write(kind, entry, at: "\(here)."))
            }
            decoded = .commit(writes)
        default:
            decoded = .commit([try self.write(operation, object, at: "")])
        }
        return RulesTestCase(
            name: name, identity: identity, operation: decoded, inTransaction: try self.bool(object["transaction"], at: "transaction"),
            seed: try self.seed(object["seed"], at: "seed"), expectation: expectation)
    }

    /// Rejects members that mean nothing for `operation` (`data` on a get, `query` on a write …),
    /// and unknown operations.
    private func requireOnly(_ object: JSONObject, for operation: String) throws(RulesTestFileError) {
        let meaningful: Set<String>
        switch operation {
        case "get", "delete": meaningful = ["path"]
        case "list": meaningful = ["path", "query"]
        case "batch": meaningful = ["writes", "transaction"]
        case "create", "set", "merge", "update": meaningful = ["path", "data"]
        default:
            throw self.failure("operation", "unknown operation \"\(operation)\" (expected one of \(Self.operations.joined(separator: ", ")))")
        }
        for key in ["path", "data", "query", "writes", "transaction"] where object[key] != nil && !meaningful.contains(key) {
            throw self.failure(key, "\"\(key)\" means nothing for operation \"\(operation)\"")
        }
    }
}
