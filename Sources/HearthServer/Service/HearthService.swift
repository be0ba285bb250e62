import HearthDatabase
import HearthFirestore
package import HearthHTTP
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
    /// The Realtime Database namespaces.
    let namespaces: DatabaseNamespaces
    /// The HTTP servers; `package` so the fuzz harnesses can reach their responders.
    package let firestoreServer: HTTPServer
    package let databaseServer: HTTPServer
    /// The event-loop threads both servers share; shut down once, after both have stopped.
    let eventLoops: HTTPEventLoops
    let storage: DurableStore?
    let logger: Logger
    /// The Firestore security rules in force.
    public let rules: FirestoreRulesRegistry
    /// The Realtime Database rules in force.
    let databaseRules: DatabaseRulesRegistry

    /// Opens the data directory (taking its lock) and recovers every stored document before
    /// anything is served.
    /// - Throws: a `RulesLoadError` when the rules file does not compile (every error at
    ///   file:line:column), a `TLSCredentialsError` naming a TLS file that cannot be used, or a `StorageError` saying what is wrong with the data directory and
    ///   what to do (another hearth holds it, the file is corrupt, no permission, …).
    public init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        let tls = try configuration.tlsFiles.map { try TLSCredentials(certificateFile: $0.certificate, keyFile: $0.key) }
        self.rules = try FirestoreRulesRegistry(
            file: configuration.rulesFile, logger: logger, recheckInterval: configuration.rulesRecheckInterval)
        self.databaseRules = try DatabaseRulesRegistry(
            files: configuration.databaseRulesFiles, logger: logger, recheckInterval: configuration.rulesRecheckInterval)
        if let directory = configuration.dataDirectory {
            let storage = try DurableStore(directory: directory, acceptingDataLoss: configuration.acceptsDataLoss, logger: logger)
            self.storage = storage
            self.databases = FirestoreDatabases(journal: FirestoreJournal(storage: storage))
            self.namespaces = DatabaseNamespaces(journal: DatabaseStorageJournal(storage: storage))
            do {
                _ = try FirestoreRecovery.restore(from: storage, into: self.databases, logger: logger)
                _ = try DatabaseRecovery.restore(from: storage, into: self.namespaces, logger: logger)
                try Self.restoreRules(from: storage, firestore: self.rules, database: self.databaseRules, logger: logger)
            } catch {
                storage.close()
                throw error
            }
        } else {
            self.storage = nil
            self.databases = FirestoreDatabases()
            self.namespaces = DatabaseNamespaces()
        }
        let trusted = TrustedOrigins(additional: configuration.trustedOrigins)
        let identities = IdentityResolver(allowsRemoteOwner: configuration.allowsRemoteOwner, trustedOrigins: trusted)
        let adminAccess = AdminAccess(allowsRemotePeers: configuration.allowsRemoteOwner, trustedOrigins: trusted)
        let routes = FirestoreRoutes(
            databases: self.databases,
            identities: identities,
            adminAccess: adminAccess,
            export: HearthExport(source: Self.exportSource(self.storage, self.databases, self.namespaces), logger: logger, interactive: false),
            rules: self.rules,
            rulesPersistence: self.storage.map { RulesPersistence(storage: $0, namespace: RulesPersistence.firestoreNamespace) },
            listening: { var listening = configuration.listening; listening.bufferedBytes = configuration.streamBufferSize; return listening }(),
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
        http.cors?.trustedOrigins = trusted
        http.host = configuration.host
        http.port = configuration.firestorePort
        http.idleTimeout = configuration.idleTimeout
        http.requestTimeout = configuration.requestTimeout
        // One budget for both ports: what bounds memory is the process's total.
        http.requestBodyBudget = RequestBodyBudget(capacity: configuration.requestBodyBudget)
        http.streamBufferSize = configuration.streamBufferSize
        http.connectionWriteBuffer = configuration.connectionWriteBuffer
        http.tls = tls
        let eventLoops = HTTPEventLoops()
        self.eventLoops = eventLoops
        self.firestoreServer = HTTPServer(
            configuration: http,
            responder: responder,
            errorRenderer: { status, message in FirestoreErrorResponse.transportResponse(status: status, message: message) },
            logger: logger,
            eventLoops: eventLoops
        )
        var settings = configuration.database
        settings.defaultNamespace = configuration.project + "-default-rtdb"
        let databaseRoutes = DatabaseRoutes(
            namespaces: self.namespaces,
            identities: identities,
            adminAccess: adminAccess,
            rules: self.databaseRules,
            rulesPersistence: self.storage.map { RulesPersistence(storage: $0, namespace: RulesPersistence.databaseNamespace) },
            settings: settings,
            streams: OpenStreams(keepAlive: settings.keepAlive, rules: self.databaseRules),
            logger: logger
        )
        http.host = configuration.databaseHost ?? configuration.host
        http.port = configuration.databasePort
        // Imports (`PUT /.json` as owner) may be as large as Firebase allows a write to be.
        http.maxRequestBodySize = DatabaseWriteData.maxBodyBytes
        self.databaseServer = HTTPServer(
            configuration: http,
            responder: databaseRoutes,
            errorRenderer: { status, message in DatabaseErrorResponse.transportResponse(status: status, message: message) },
            logger: logger,
            eventLoops: eventLoops
        )
    }

    /// Binds every service's port; returns where each listens (the real port when 0 was asked).
    public func start() async throws -> [BoundEndpoint] {
        let firestore = try await self.firestoreServer.start()
        let database: (host: String, port: Int)
        do {
            database = try await self.databaseServer.start()
        } catch {
            self.firestoreServer.shutdown()
            throw error
        }
        return [
            BoundEndpoint(service: .firestore, host: firestore.host, port: firestore.port),
            BoundEndpoint(service: .database, host: database.host, port: database.port),
        ]
    }

    /// Serves until `shutdown()`; returns when every connection has closed, after writing the
    /// `exportOnExit` export if one was asked for.
    /// - Throws: the server's error, or the export's (`DataTransferError`); storage is closed either way.
    public func run() async throws {
        defer { self.close() }
        async let database: Void = self.databaseServer.run()
        var failure: (any Error)?
        do { try await self.firestoreServer.run() } catch { failure = error }
        do { try await database } catch { failure = failure ?? error }
        // Both servers have stopped: nothing uses the shared event loops any more.
        await self.eventLoops.shutdown()
        if let failure { throw failure }
        if let destination = self.configuration.exportOnExit {
            let export = HearthExport(
                source: Self.exportSource(self.storage, self.databases, self.namespaces), logger: self.logger,
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
        let manifest = try FirestoreImport.manifest(in: directory)
        let documents = try await FirestoreImport(databases: self.databases, logger: self.logger, interactive: ExportProgress.standardErrorIsTerminal)
            .read(manifest, from: directory)
        _ = try await DatabaseImport(namespaces: self.namespaces, logger: self.logger).read(manifest.database, from: directory)
        return documents
    }

    /// Closes the storage (committing what is queued, releasing the directory lock). For a
    /// service that was never started (`hearth import`); `run()` does it itself. Idempotent.
    public func close() {
        self.storage?.close()
        let eventLoops = self.eventLoops
        Task { await eventLoops.shutdown() }
    }

    /// Puts back the rules uploaded (`:securityRules`, `/.settings/rules.json`) before the restart.
    private static func restoreRules(
        from storage: DurableStore, firestore: FirestoreRulesRegistry, database: DatabaseRulesRegistry, logger: Logger
    ) throws {
        for (namespace, fileName, source) in try RulesPersistence(storage: storage, namespace: RulesPersistence.databaseNamespace).load() {
            switch DatabaseRulesInForce.compile(source, fileName: fileName, origin: "\(fileName) (uploaded to /.settings/rules.json)") {
            case .success(let rules): database.install(rules, namespace: namespace)
            case .failure(let error):
                logger.error("The stored Realtime Database rules of namespace \(namespace) no longer compile; it falls back to --database-rules:\n\(error.message)")
            }
        }
        let registry = firestore
        for (project, fileName, source) in try RulesPersistence(storage: storage, namespace: RulesPersistence.firestoreNamespace).load() {
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
    private static func exportSource(_ storage: DurableStore?, _ databases: FirestoreDatabases, _ namespaces: DatabaseNamespaces) -> HearthExport.Source {
        storage.map { .storage($0) } ?? .memory(databases, namespaces)
    }

    /// Begins a graceful shutdown: stop accepting, finish in-flight requests. Idempotent.
    public func shutdown() {
        self.firestoreServer.shutdown()
        self.databaseServer.shutdown()
    }
}
