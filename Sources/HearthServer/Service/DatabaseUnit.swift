import HearthDatabase
import HearthHTTP
import HearthRules
import HearthStorage
import Logging

/// The Realtime Database as one ``ProductUnit``: its namespaces, its rules, its routes on its
/// port (`--database-port`, 9000 by default, optionally on its own host), its recovery and its
/// import.
struct DatabaseUnit: ProductUnit {
    let namespaces: DatabaseNamespaces
    let rules: DatabaseRulesRegistry
    let server: HTTPServer
    var service: BoundEndpoint.Service { .database }

    /// Builds the routes and the server (not yet listening).
    init(namespaces: DatabaseNamespaces, rules: DatabaseRulesRegistry, wiring: ProductWiring) {
        self.namespaces = namespaces
        self.rules = rules
        let configuration = wiring.configuration
        var settings = configuration.database
        settings.defaultNamespace = configuration.project + "-default-rtdb"
        settings.bufferedBytes = configuration.streamBufferSize
        let service = DatabaseService(
            namespaces: namespaces,
            rules: rules,
            rulesPersistence: wiring.storage.map { RulesPersistence(storage: $0, namespace: RulesPersistence.databaseNamespace) },
            settings: settings,
            accounts: wiring.identities.accounts,
            logger: wiring.logger
        )
        let routes = DatabaseRoutes(service: service, identities: wiring.identities, adminAccess: wiring.adminAccess, logger: wiring.logger)
        self.server = wiring.server(
            host: configuration.databaseHost ?? configuration.host, port: configuration.databasePort, responder: routes.responder(),
            errorRenderer: { status, message in DatabaseErrorResponse.transportResponse(status: status, message: message) },
            // Imports (`PUT /.json` as owner) may be as large as Firebase allows a write to be.
            // The SDKs' WebSocket protocol is served at `/.ws` on the same port.
            adjust: {
                $0.maxRequestBodySize = DatabaseWriteData.maxBodyBytes
                $0.webSocketResponder = DatabaseSocketResponder(service: service, identities: wiring.identities, logger: wiring.logger)
            })
    }

    /// Puts back the stored trees, then the rules uploaded to `/.settings/rules.json` before
    /// the restart (a namespace whose stored rules no longer compile falls back to
    /// `--database-rules`).
    func restore(from storage: DurableStore, logger: Logger) throws {
        _ = try DatabaseRecovery.restore(from: storage, into: self.namespaces, logger: logger)
        for (namespace, fileName, source) in try RulesPersistence(storage: storage, namespace: RulesPersistence.databaseNamespace).load() {
            switch DatabaseRulesInForce.compile(source, fileName: fileName, origin: "\(fileName) (uploaded to /.settings/rules.json)") {
            case .success(let rules): self.rules.install(rules, namespace: namespace)
            case .failure(let error):
                logger.error("The stored Realtime Database rules of namespace \(namespace) no longer compile; it falls back to --database-rules:\n\(error.message)")
            }
        }
    }

    /// - Returns: the number of namespaces imported.
    func importData(_ manifest: ExportManifest, from directory: String, logger: Logger) async throws(DataTransferError) -> Int {
        try await DatabaseImport(namespaces: self.namespaces, logger: logger).read(manifest.database, from: directory)
    }
}
