import HearthDatabase
import HearthHTTP
import HearthJSON

extension DatabaseRoutes {
    /// PUT `/.settings/rules.json` (admin): the body is the rules file (`dryRun=true` only
    /// validates); answers `{"status":"ok"}`.
    func uploadRules(_ request: DatabaseRequest) async throws(DatabaseError) -> Response {
        let upload = DatabaseRulesUpload(namespace: request.namespace, source: String(decoding: request.body, as: UTF8.self), dryRun: request.dryRun)
        try await self.service.uploadRules(upload, as: request.caller)
        return request.output.response(.object(JSONObject([.init(key: "status", value: .string("ok"))])))
    }
}
