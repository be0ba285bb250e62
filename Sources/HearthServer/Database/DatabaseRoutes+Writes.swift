import HearthDatabase
import HearthHTTP
import HearthJSON

extension DatabaseRoutes {
    /// PUT: replace the value (conditional with `if-match`); answers the data written.
    func set(_ request: DatabaseRequest) async throws(DatabaseError) -> Response {
        let set = DatabaseSet(
            namespace: request.namespace, path: request.path, value: try DatabaseWriteData(body: request.body), ifMatch: request.conditions.ifMatch)
        return self.respond(request, try await self.service.set(set, as: request.caller))
    }

    /// POST: push a child under a new push ID; answers `{"name": "<id>"}`.
    func push(_ request: DatabaseRequest) async throws(DatabaseError) -> Response {
        let push = DatabasePush(namespace: request.namespace, path: request.path, value: try DatabaseWriteData(body: request.body))
        let pushed = try await self.service.push(push, as: request.caller)
        let etag = request.conditions.returnsETag ? DatabaseETag.of(pushed.result.value) : nil
        return request.output.response(.object(JSONObject([.init(key: "name", value: .string(pushed.name))])), etag: etag)
    }

    /// PATCH: a multi-path update; answers the update as sent (server values resolved).
    func update(_ request: DatabaseRequest) async throws(DatabaseError) -> Response {
        let merge = DatabaseMerge(namespace: request.namespace, path: request.path, update: try DatabaseUpdate(body: request.body))
        return self.acknowledge(request, try await self.service.merge(merge, as: request.caller))
    }

    /// DELETE: remove the value (conditional with `if-match`); answers `null`.
    func remove(_ request: DatabaseRequest) async throws(DatabaseError) -> Response {
        let delete = DatabaseDelete(namespace: request.namespace, path: request.path, ifMatch: request.conditions.ifMatch)
        return self.respond(request, try await self.service.delete(delete, as: request.caller))
    }

    /// A durable write's answer: its body (and its new ETag if asked).
    private func acknowledge(_ request: DatabaseRequest, _ result: DatabaseWriteResult) -> Response {
        let etag = request.conditions.returnsETag ? DatabaseETag.of(result.value) : nil
        return request.output.response(result.responseJSON, etag: etag)
    }

    /// A possibly conditional write's answer: the write's, or 412 with the current value and its ETag.
    private func respond(_ request: DatabaseRequest, _ outcome: DatabaseConditionalResult) -> Response {
        switch outcome {
        case .written(let result):
            return self.acknowledge(request, result)
        case .preconditionFailed(let current, let etag):
            var output = request.output
            output.callback = nil
            return output.response(current.json(output.format), status: .preconditionFailed, etag: etag)
        }
    }
}
