import HearthFirestore
import HearthGRPC
import HearthHTTP
import HearthRules
import HearthStorage
import Logging

/// Firestore as one ``ProductUnit``: its databases, its rules, its routes on its port
/// (`--firestore-port`, 8080 by default), its recovery and its import.
struct FirestoreUnit: ProductUnit {
    let databases: FirestoreDatabases
    let rules: FirestoreRulesRegistry
    let server: HTTPServer
    var service: BoundEndpoint.Service { .firestore }

    /// Builds the routes and the server (not yet listening).
    /// - Parameter export: what `:export`-style admin routes write (every product's data).
    init(databases: FirestoreDatabases, rules: FirestoreRulesRegistry, export: HearthExport, wiring: ProductWiring) {
        self.databases = databases
        self.rules = rules
        let configuration = wiring.configuration
        let logger = wiring.logger
        let routes = FirestoreRoutes(
            databases: databases,
            identities: wiring.identities,
            adminAccess: wiring.adminAccess,
            export: export,
            rules: rules,
            rulesPersistence: wiring.storage.map { RulesPersistence(storage: $0, namespace: RulesPersistence.firestoreNamespace) },
            listening: { var listening = configuration.listening; listening.bufferedBytes = configuration.streamBufferSize; return listening }(),
            streams: ListenStreams(keepAlive: configuration.listening.keepAlive, rules: rules, accounts: wiring.identities.accounts),
            fanout: ListenFanout(),
            logger: logger
        )
        var router = Router()
        routes.register(on: &router)
        let responder = router.responder(
            fallback: { request, failure in
                FirestoreErrorResponse.response(for: failure, method: request.method, path: request.path)
            },
            errorMapper: { error, request in
                let response = FirestoreErrorResponse.response(for: error)
                let level: Logger.Level = response.status.code >= 500 ? .error : .info
                logger.log(level: level, "\(request.method) \(request.path) → \(response.status.code): \(error)")
                return response
            }
        )
        // gRPC (the SDKs' transport) on the same port: every HTTP/2 stream goes to it.
        let grpc = FirestoreGRPCService(
            service: routes.service, identities: wiring.identities, logger: logger,
            listening: ListenWiring(rules: routes.rules, streams: routes.streams, fanout: routes.fanout, settings: routes.listening))
        let grpcResponder = GRPCResponder(
            grpc.router(),
            statusOf: { error in
                let status = FirestoreGRPCStatus.status(of: error)
                logger.log(level: status.code == .internal ? .error : .info, "gRPC call ended with \(status)")
                return status
            })
        self.server = wiring.server(
            host: configuration.host, port: configuration.firestorePort, responder: responder,
            errorRenderer: { status, message in FirestoreErrorResponse.transportResponse(status: status, message: message) },
            adjust: { $0.http2Responder = grpcResponder })
    }

    /// Puts back the stored documents, then the rules deployed with `:securityRules` before
    /// the restart (a project whose stored rules no longer compile falls back to `--rules`).
    func restore(from storage: DurableStore, logger: Logger) throws {
        _ = try FirestoreRecovery.restore(from: storage, into: self.databases, logger: logger)
        for (project, fileName, source) in try RulesPersistence(storage: storage, namespace: RulesPersistence.firestoreNamespace).load() {
            let (rules, diagnostics) = RulesInForce.compile(source, fileName: fileName, origin: "\(fileName) (deployed with :securityRules)")
            guard let rules else {
                logger.error("The stored rules for project \(project) no longer compile; that project falls back to the --rules file:\n\(diagnostics.formatted(source: source))")
                continue
            }
            self.rules.install(rules, project: project)
        }
    }

    /// - Returns: the number of documents imported.
    func importData(_ manifest: ExportManifest, from directory: String, logger: Logger) async throws(DataTransferError) -> Int {
        try await FirestoreImport(databases: self.databases, logger: logger, interactive: ExportProgress.standardErrorIsTerminal)
            .read(manifest, from: directory)
    }
}
