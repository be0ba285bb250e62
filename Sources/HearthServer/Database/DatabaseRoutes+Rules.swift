import HearthDatabase
import HearthHTTP
import HearthJSON

extension DatabaseRoutes {
    /// PUT `/.settings/rules.json` (admin): compile the body and put it in force for the
    /// namespace, durably (`dryRun=true` only validates). A rules file that does not compile
    /// is 400 with every error's line and column, as firebase-tools prints it.
    func uploadRules(_ call: DatabaseCall) async throws -> Response {
        try call.requireAdmin()
        let source = String(decoding: call.request.body, as: UTF8.self)
        let origin = "PUT /.settings/rules.json (namespace \(call.request.namespace))"
        let rules: DatabaseRulesInForce
        switch DatabaseRulesInForce.compile(source, fileName: "database.rules.json", origin: origin) {
        case .success(let compiled): rules = compiled
        case .failure(let error): throw DatabaseError.badRequest(error.message)
        }
        if !call.request.dryRun {
            if let persistence = self.rulesPersistence {
                do {
                    try await persistence.save(key: call.request.namespace, fileName: "database.rules.json", source: source)
                } catch {
                    throw DatabaseError.unavailable("Hearth could not save the rules to its data file: \(error)")
                }
            }
            self.rules.install(rules, namespace: call.request.namespace)
        }
        return call.request.output.response(.object(JSONObject([.init(key: "status", value: .string("ok"))])))
    }
}
