import HearthAuth
import HearthHTTP
import HearthStorage
import Logging

/// The Auth emulator as one ``ProductUnit``: its account store, its routes on its port
/// (`--auth-port`, 9099 by default, `emulators.auth` in firebase.json), its recovery and its
/// import. The same store answers the identity provider (``AuthAccounts``), so Firestore and
/// the Realtime Database see its users' standing.
struct AuthUnit: ProductUnit {
    let store: AccountStore
    /// The default project: its exported data sits directly in `auth_export`.
    let project: String
    let server: HTTPServer
    var service: BoundEndpoint.Service { .auth }

    /// Builds the routes and the server (not yet listening).
    init(store: AccountStore, wiring: ProductWiring) {
        self.store = store
        let configuration = wiring.configuration
        self.project = configuration.project
        let logger = wiring.logger
        let service = AuthService(store: store, logger: logger)
        let routes = AuthRoutes(
            service: service,
            caller: AuthCaller(defaultProject: configuration.project, identities: wiring.identities, logger: logger),
            adminAccess: wiring.adminAccess)
        var router = Router()
        routes.register(on: &router)
        routes.registerPhoneAndMultiFactor(on: &router)
        AuthPages(service: service, defaultProject: configuration.project).register(on: &router)
        let responder = AuthLegacyPaths(inner: router.responder(
            fallback: { request, failure in AuthErrorResponse.response(for: failure, method: request.method, path: request.path) },
            errorMapper: { error, request in
                let response = AuthErrorResponse.response(for: error)
                let level: Logger.Level = response.status.code >= 500 ? .error : .info
                logger.log(level: level, "\(request.method) \(request.path) → \(response.status.code): \(error)")
                return response
            }
        ))
        self.server = wiring.server(
            host: configuration.authHost ?? configuration.host, port: configuration.authPort, responder: responder,
            errorRenderer: { status, message in AuthErrorResponse.transportResponse(status: status, message: message) })
    }

    /// Puts back the stored accounts, config and tenants.
    func restore(from storage: DurableStore, logger: Logger) throws {
        try AuthRecovery.restore(from: storage, into: self.store, logger: logger)
    }

    /// Reads `auth_export/` (Hearth's or the emulator suite's) into the store.
    /// - Returns: the number of accounts imported.
    func importData(_ manifest: ExportManifest, from directory: String, logger: Logger) async throws(DataTransferError) -> Int {
        try await AuthImport(store: self.store, project: self.project, logger: logger).read(from: directory)
    }
}
