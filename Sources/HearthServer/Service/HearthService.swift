import HearthFirestore
import HearthHTTP
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

    /// Opens the data directory (taking its lock) and recovers every stored document before
    /// anything is served.
    /// - Throws: a `StorageError` saying what is wrong with the data directory and what to do
    ///   (another hearth holds it, the file is corrupt, no permission, …).
    public init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        if let directory = configuration.dataDirectory {
            let storage = try DurableStore(directory: directory, failurePolicy: .stopAtFirstFailure, logger: logger)
            self.storage = storage
            self.databases = FirestoreDatabases(journal: FirestoreJournal(storage: storage))
            do {
                _ = try FirestoreRecovery.restore(from: storage, into: self.databases, logger: logger)
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
            identities: IdentityResolver(allowsRemoteOwner: configuration.allowsRemoteOwner)
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

    /// Serves until `shutdown()`; returns when every connection has closed.
    public func run() async throws {
        try await self.firestoreServer.run()
        self.storage?.close()
    }

    /// Begins a graceful shutdown: stop accepting, finish in-flight requests. Idempotent.
    public func shutdown() {
        self.firestoreServer.shutdown()
    }
}
