import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// Commit: `{"writes","transaction"?}` → `{"writeResults","commitTime"}`.
    func commit(_ call: RESTCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["writes", "transaction"])
        let commit = CommitRequest(
            database: call.database, writes: try Self.writes(body, in: call.database),
            transaction: try body.string("transaction").map { text throws(FirestoreError) in try ConsistencyCodec.transactionID(text, at: "transaction") })
        let response = try await self.service.commit(commit, caller: call.caller)
        var writer = JSONWriter(reservingCapacity: 64 + 96 * response.writeResults.count)
        writer.beginObject()
        writer.key("writeResults")
        writer.beginArray()
        for writeResult in response.writeResults { WriteCodec.encode(writeResult, into: &writer) }
        writer.endArray()
        writer.key("commitTime")
        writer.string(response.commitTime.rfc3339)
        writer.endObject()
        return .json(writer.bytes)
    }

    /// BatchWrite: `{"writes","labels"?}` → `{"writeResults","status"}`, a status per write
    /// (`{}` for success, `{"code","message"}` with the gRPC code number otherwise).
    func batchWrite(_ call: RESTCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["writes", "labels"])
        let batch = BatchWriteRequest(database: call.database, writes: try Self.writes(body, in: call.database))
        let response = try await self.service.batchWrite(batch, caller: call.caller)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("writeResults")
        writer.beginArray()
        for result in response.writeResults { WriteCodec.encode(result, into: &writer) }
        writer.endArray()
        writer.key("status")
        writer.beginArray()
        for status in response.statuses {
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
    func beginTransaction(_ call: RESTCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["options"])
        let mode = try body.object("options", allowing: ["readOnly", "readWrite"]).map { options throws(FirestoreError) in try ConsistencyCodec.decodeOptions(options) } ?? .readWrite
        let id = try self.service.beginTransaction(BeginTransactionRequest(database: call.database, mode: mode), caller: call.caller)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("transaction")
        writer.string(ConsistencyCodec.encode(id))
        writer.endObject()
        return .json(writer.bytes)
    }

    /// Rollback: `{}`; an unknown or expired transaction is INVALID_ARGUMENT.
    func rollback(_ call: RESTCall, _ request: Request) async throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["transaction"])
        guard let text = try body.string("transaction") else { throw FirestoreError.invalidArgument("transaction is required.") }
        let rollback = RollbackRequest(database: call.database, transaction: try ConsistencyCodec.transactionID(text, at: "transaction"))
        try self.service.rollback(rollback, caller: call.caller)
        return .json(Array("{}".utf8))
    }

    /// The `writes` array of a Commit or BatchWrite body.
    private static func writes(_ body: WireObject, in database: DatabaseID) throws(FirestoreError) -> [Write] {
        try body.array("writes").enumerated().map { index, item throws(FirestoreError) in
            try WriteCodec.decode(item, in: database, at: "writes[\(index)]")
        }
    }
}
