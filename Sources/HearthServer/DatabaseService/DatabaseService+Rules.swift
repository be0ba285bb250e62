import HearthDatabase
import HearthRules

extension DatabaseService {
    /// The rules source in force for `namespace`, as uploaded (comments included); the
    /// emulator's open rules when none are loaded. Admin only.
    /// - Throws: 401 `Permission denied` for anyone but the admin, as production answers.
    func rulesSource(in namespace: String, as caller: DatabaseCaller) throws(DatabaseError) -> String {
        try Self.requireAdmin(caller)
        return self.rules.rules(for: namespace)?.source ?? DatabaseRuleset.openAccessSource
    }

    /// Compiles the rules and puts them in force for the namespace, durably (`dryRun` only
    /// compiles). Open streams re-check their access at once (the registry tells them).
    /// - Throws: 401 for anyone but the admin; 400 with every compile error's line and column,
    ///   as firebase-tools prints them; 503 if they cannot be saved.
    func uploadRules(_ upload: DatabaseRulesUpload, as caller: DatabaseCaller) async throws(DatabaseError) {
        try Self.requireAdmin(caller)
        let origin = "PUT /.settings/rules.json (namespace \(upload.namespace))"
        let rules: DatabaseRulesInForce
        switch DatabaseRulesInForce.compile(upload.source, fileName: "database.rules.json", origin: origin) {
        case .success(let compiled): rules = compiled
        case .failure(let error): throw .badRequest(error.message)
        }
        guard !upload.dryRun else { return }
        if let persistence = self.rulesPersistence {
            do {
                try await persistence.save(key: upload.namespace, fileName: "database.rules.json", source: upload.source)
            } catch {
                throw .unavailable("Hearth could not save the rules to its data file: \(error)")
            }
        }
        self.rules.install(rules, namespace: upload.namespace)
    }

    /// The rules endpoints are the admin's (production answers anyone else 401 `Permission denied`).
    private static func requireAdmin(_ caller: DatabaseCaller) throws(DatabaseError) {
        guard caller.isAdmin else {
            throw DatabaseError(
                .unauthorized, DatabaseError.permissionDenied.message,
                explanation: "/.settings/rules.json is admin-only: send Authorization: Bearer owner.")
        }
    }
}
