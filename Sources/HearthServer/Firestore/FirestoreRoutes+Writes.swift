import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// Commit: every write atomically, in order, optionally ending a transaction.
    func commit(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["writes", "transaction"])
        let writes = try body.array("writes").enumerated().map { index, item throws(FirestoreError) in
            try WriteCodec.decode(item, in: call.database, at: "writes[\(index)]")
        }
        let result: CommitResult
        if let text = try body.string("transaction") {
            result = try call.store.commit(
                writes, transaction: ConsistencyCodec.transactionID(text, at: "transaction"), review: call.reviewer(inTransaction: true))
        } else {
            result = try call.store.commit(writes, review: call.reviewer())
        }
        try await call.store.waitUntilDurable(result.receipt)
        var writer = JSONWriter(reservingCapacity: 64 + 96 * writes.count)
        writer.beginObject()
        writer.key("writeResults")
        writer.beginArray()
        for writeResult in result.writeResults { WriteCodec.encode(writeResult, into: &writer) }
        writer.endArray()
        writer.key("commitTime")
        writer.string(result.commitTime.rfc3339)
        writer.endObject()
        return .json(writer.bytes)
    }

    /// BatchWrite: each write applied on its own (not atomic); one status per write, `{}` for
    /// success. Production allows at most one write per document in a batch.
    func batchWrite(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["writes", "labels"])
        let writes = try body.array("writes").enumerated().map { index, item throws(FirestoreError) in
            try WriteCodec.decode(item, in: call.database, at: "writes[\(index)]")
        }
        var seen: Set<DocumentPath> = []
        for write in writes where !seen.insert(write.path).inserted {
            throw FirestoreError.invalidArgument("BatchWrite may write each document once; \(call.store.name(of: write.path)) appears twice.")
        }
        var results: [WriteResult?] = []
        var statuses: [FirestoreError?] = []
        var receipts: [JournalReceipt] = []
        let reviewer = call.reviewer()
        for write in writes {
            do {
                let result = try call.store.commit([write], review: reviewer)
                results.append(result.writeResults.first)
                statuses.append(nil)
                if let receipt = result.receipt { receipts.append(receipt) }
            } catch {
                results.append(nil)
                statuses.append(error)
            }
        }
        // Each one: a write that failed may have been undone before the next was made, which
        // then built on what was saved and can succeed on its own. Settled in order, so all but
        // the first wait return at once.
        for receipt in receipts {
            try await call.store.waitUntilDurable(receipt)
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("writeResults")
        writer.beginArray()
        for result in results { WriteCodec.encode(result ?? WriteResult(updateTime: nil), into: &writer) }
        writer.endArray()
        writer.key("status")
        writer.beginArray()
        for status in statuses {
            writer.beginObject()
            if let status {
                writer.key("code")
                writer.integer(Int64(status.code.grpcNumber))
                writer.key("message")
                writer.string(status.message)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return .json(writer.bytes)
    }

    /// BeginTransaction: `{"transaction": "<base64>"}`; read-write unless `options.readOnly`.
    func beginTransaction(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["options"])
        let mode = try body.object("options", allowing: ["readOnly", "readWrite"]).map { options throws(FirestoreError) in try ConsistencyCodec.decodeOptions(options) } ?? .readWrite
        let id = try call.store.beginTransaction(mode)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("transaction")
        writer.string(ConsistencyCodec.encode(id))
        writer.endObject()
        return .json(writer.bytes)
    }

    /// Rollback: `{}`; an unknown or expired transaction is INVALID_ARGUMENT.
    func rollback(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["transaction"])
        guard let text = try body.string("transaction") else { throw FirestoreError.invalidArgument("transaction is required.") }
        try call.store.rollback(ConsistencyCodec.transactionID(text, at: "transaction"))
        return .json(Array("{}".utf8))
    }
}
