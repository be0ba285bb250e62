import HearthFirestore
import HearthHTTP
import HearthRules
import HearthStorage
public import Logging

/// Assembles the stores, the routes and the HTTP servers into one running backend.
///
/// Owns no state beyond wiring: the data lives in `FirestoreDatabases`, the connections in
/// `HTTPServer`. Lifecycle: `start()` binds and returns where each service listens, `run()`
/// serves until `shutdown()` (signal handlers call it), then returns once in-flight requests
/// have finished.
public final class HearthService: Sendable {
    public let configuration: ServerConfiguration
    let databases: FirestoreDatabases
    let firestoreServer: HTTPServer
    let storage: DurableStore?
    let logger: Logger
    /// The Firestore security rules in force.
    public let rules: FirestoreRulesRegistry

    /// Opens the data directory (taking its lock) and recovers every stored document before
    /// anything is served.
    /// - Throws: a `RulesLoadError` when the rules file does not compile (every error at
    ///   file:line:column), or a `StorageError` saying what is wrong with the data directory and
    ///   what to do (another hearth holds it, the file is corrupt, no permission, …).
    public init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        self.rules = try FirestoreRulesRegistry(file: configuration.rulesFile, logger: logger)
        if let directory = configuration.dataDirectory {
            let storage = try DurableStore(directory: directory, failurePolicy: .stopAtFirstFailure, logger: logger)
            self.storage = storage
            self.databases = FirestoreDatabases(journal: FirestoreJournal(storage: storage))
            do {
                _ = try FirestoreRecovery.restore(from: storage, into: self.databases, logger: logger)
                try Self.restoreRules(from: RulesPersistence(storage: storage), into: self.rules, logger: logger)
            } catch {
                storage.close()
                throw error
            }
        } else {
            self.storage = nil
            self.databases = FirestoreDatabases()
        }
        let routes = FirestoreRoutes(
            databases: self.databases,
            identities: IdentityResolver(allowsRemoteOwner: configuration.allowsRemoteOwner),
            export: FirestoreExport(source: Self.exportSource(self.storage, self.databases), logger: logger, interactive: false),
            rules: self.rules,
            rulesPersistence: self.storage.map(RulesPersistence.init(storage:)),
            listening: configuration.listening,
            streams: ListenStreams(keepAlive: configuration.listening.keepAlive, rules: self.rules),
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
        var http = HTTPServerConfiguration()
        http.host = configuration.host
        http.port = configuration.firestorePort
        http.idleTimeout = configuration.idleTimeout
        self.firestoreServer = HTTPServer(
            configuration: http,
            responder: responder,
            errorRenderer: { status, message in FirestoreErrorResponse.transportResponse(status: status, message: message) },
            logger: logger
        )
    }

    /// Binds every service's port; returns where each listens (the real port when 0 was asked).
    public func start() async throws -> [BoundEndpoint] {
        let firestore = try await self.firestoreServer.start()
        return [BoundEndpoint(service: .firestore, host: firestore.host, port: firestore.port)]
    }

    /// Serves until `shutdown()`; returns when every connection has closed, after writing the
    /// `exportOnExit` export if one was asked for.
    /// - Throws: the server's error, or the export's (`DataTransferError`); storage is closed either way.
    public func run() async throws {
        defer { self.close() }
        try await self.firestoreServer.run()
        if let destination = self.configuration.exportOnExit {
            let export = FirestoreExport(
                source: Self.exportSource(self.storage, self.databases), logger: self.logger,
                interactive: ExportProgress.standardErrorIsTerminal)
            do {
                _ = try export.write(to: destination)
            } catch {
                throw DataTransferError("Could not write the export to \(destination) on exit: \(error)")
            }
        }
    }

    /// Loads the export in `directory` into the databases (durably, through the normal write
    /// path); `hearth serve --import` calls it after recovery and before `start()`, and
    /// `hearth import` on a service it never starts.
    /// - Returns: the number of documents imported.
    public func importData(from directory: String) async throws(DataTransferError) -> Int {
        try await FirestoreImport(databases: self.databases, logger: self.logger, interactive: ExportProgress.standardErrorIsTerminal)
            .read(from: directory)
    }

    /// Closes the storage (committing what is queued, releasing the directory lock). For a
    /// service that was never started (`hearth import`); `run()` does it itself. Idempotent.
    public func close() {
        self.storage?.close()
    }

    /// Puts back the rules deployed with `:securityRules` before the restart.
    private static func restoreRules(from persistence: RulesPersistence, into registry: FirestoreRulesRegistry, logger: Logger) throws {
        for (project, fileName, source) in try persistence.load() {
            let (rules, diagnostics) = RulesInForce.compile(source, fileName: fileName, origin: "\(fileName) (deployed with :securityRules)")
            guard let rules else {
                logger.error("The stored rules for project \(project) no longer compile; that project falls back to the --rules file:\n\(diagnostics.formatted(source: source))")
                continue
            }
            registry.install(rules, project: project)
        }
    }

    /// Durable records when there are any (only acknowledged writes, one snapshot of every
    /// database), else the in-memory stores.
    private static func exportSource(_ storage: DurableStore?, _ databases: FirestoreDatabases) -> FirestoreExport.Source {
        storage.map { .storage($0) } ?? .memory(databases)
    }

    /// Begins a graceful shutdown: stop accepting, finish in-flight requests. Idempotent.
    public func shutdown() {
        self.firestoreServer.shutdown()
    }
}
