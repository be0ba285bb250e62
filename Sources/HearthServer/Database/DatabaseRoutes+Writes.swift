import HearthDatabase
import HearthHTTP
import HearthJSON

extension DatabaseRoutes {
    /// PUT: replace the value (conditional with `if-match`); answers the data written.
    func set(_ call: DatabaseCall) async throws -> Response {
        let data = try DatabaseWriteData(body: call.request.body)
        if let etag = call.request.conditions.ifMatch {
            return try await self.conditional(call, call.store.set(call.request.path, data, ifMatch: etag, review: call.reviewer))
        }
        return try await self.acknowledge(call, call.store.set(call.request.path, data, review: call.reviewer))
    }

    /// POST: push a child under a new push ID; answers `{"name": "<id>"}`.
    func push(_ call: DatabaseCall) async throws -> Response {
        let data = try DatabaseWriteData(body: call.request.body)
        let (name, result) = try call.store.push(call.request.path, data, review: call.reviewer)
        try await call.store.waitUntilDurable(result.receipt)
        let etag = call.request.conditions.returnsETag ? DatabaseETag.of(result.value) : nil
        return call.request.output.response(.object(JSONObject([.init(key: "name", value: .string(name))])), etag: etag)
    }

    /// PATCH: a multi-path update; answers the update as sent (server values resolved).
    func update(_ call: DatabaseCall) async throws -> Response {
        let update = try DatabaseUpdate(body: call.request.body)
        return try await self.acknowledge(call, call.store.update(call.request.path, update, review: call.reviewer))
    }

    /// DELETE: remove the value (conditional with `if-match`); answers `null`.
    func remove(_ call: DatabaseCall) async throws -> Response {
        if let etag = call.request.conditions.ifMatch {
            return try await self.conditional(call, call.store.delete(call.request.path, ifMatch: etag, review: call.reviewer))
        }
        return try await self.acknowledge(call, call.store.delete(call.request.path, review: call.reviewer))
    }

    /// Waits until the write is durable, then answers its body (and its new ETag if asked).
    private func acknowledge(_ call: DatabaseCall, _ result: DatabaseWriteResult) async throws -> Response {
        try await call.store.waitUntilDurable(result.receipt)
        let etag = call.request.conditions.returnsETag ? DatabaseETag.of(result.value) : nil
        return call.request.output.response(result.responseJSON, etag: etag)
    }

    /// A conditional write's answer: the write's, or 412 with the current value and its ETag.
    private func conditional(_ call: DatabaseCall, _ outcome: DatabaseConditionalResult) async throws -> Response {
        switch outcome {
        case .written(let result):
            return try await self.acknowledge(call, result)
        case .preconditionFailed(let current, let etag):
            var output = call.request.output
            output.callback = nil
            return output.response(current.json(output.format), status: .preconditionFailed, etag: etag)
        }
    }
}
