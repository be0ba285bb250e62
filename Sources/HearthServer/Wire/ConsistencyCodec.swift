import HearthFirestore
import HearthJSON

/// The `consistency_selector` oneof (`transaction` | `newTransaction` | `readTime`) and
/// `TransactionOptions`, from a JSON body or from query parameters.
enum ConsistencyCodec {
    static let bodyNames: Set<String> = ["transaction", "newTransaction", "readTime"]

    static func decode(_ object: WireObject) throws(FirestoreError) -> ReadConsistency {
        let present = self.bodyNames.filter { object.has($0) }
        guard present.count <= 1 else {
            throw .invalidArgument("Invalid value at '\(object.location)': set at most one of transaction, newTransaction and readTime.")
        }
        if let text = try object.string("transaction") {
            return .transaction(try self.transactionID(text, at: object.path("transaction")))
        }
        if let text = try object.string("readTime") {
            return .readTime(try self.timestamp(text, at: object.path("read_time")))
        }
        if let options = try object.object("newTransaction", allowing: ["readOnly", "readWrite"]) {
            return .newTransaction(try self.decodeOptions(options))
        }
        return .latest
    }

    static func decode(_ parameters: FirestoreParameters) throws(FirestoreError) -> ReadConsistency {
        switch (parameters.first("transaction"), parameters.first("readTime")) {
        case (nil, nil): return .latest
        case (let text?, nil): return .transaction(try self.transactionID(text, at: "transaction"))
        case (nil, let text?): return .readTime(try self.timestamp(text, at: "read_time"))
        case (_?, _?): throw .invalidArgument("Set transaction or readTime, not both.")
        }
    }

    static func decodeOptions(_ options: WireObject) throws(FirestoreError) -> TransactionMode {
        if let readOnly = try options.object("readOnly", allowing: ["readTime"]) {
            if options.has("readWrite") { throw .invalidArgument("Invalid value at '\(options.location)': set readOnly or readWrite, not both.") }
            return .readOnly(readTime: try readOnly.string("readTime").map { text throws(FirestoreError) in try self.timestamp(text, at: readOnly.path("read_time")) })
        }
        if let readWrite = try options.object("readWrite", allowing: ["retryTransaction"]) {
            _ = try readWrite.string("retryTransaction")
        }
        return .readWrite
    }

    static func transactionID(_ text: String, at location: String) throws(FirestoreError) -> TransactionID {
        guard let bytes = Base64.decode(text), !bytes.isEmpty else {
            throw .invalidArgument("Invalid value at '\(location)': \"\(text)\" is not a transaction ID (base64 bytes from beginTransaction).")
        }
        return TransactionID(bytes: bytes)
    }

    static func encode(_ id: TransactionID) -> String {
        Base64.encode(id.bytes)
    }

    static func timestamp(_ text: String, at location: String) throws(FirestoreError) -> Timestamp {
        do {
            return try Timestamp(rfc3339: text).truncatedToMicroseconds()
        } catch {
            throw .invalidArgument("Invalid value at '\(location)' (google.protobuf.Timestamp), \"\(text)\": \(error.message)")
        }
    }
}
