import HearthFirestore
import HearthHTTP
import Logging

/// The Firestore REST v1 document methods and the emulator suite's admin endpoints.
///
/// Handlers are adapters: decode the wire JSON and URL into a typed request (`RESTCall`, the
/// `Wire/*Codec`s), call `FirestoreService` (which authorizes and does the work), encode the
/// result. Errors are thrown and rendered in one place (`FirestoreErrorResponse`).
/// Route table (see openapi.yaml for bodies):
///
/// | method | path | RPC |
/// |---|---|---|
/// | GET | `/v1/projects/{p}/databases/{d}/documents/{document}` | GetDocument |
/// | GET | `/v1/projects/{p}/databases/{d}/documents/{collection}` | ListDocuments |
/// | POST | `/v1/projects/{p}/databases/{d}/documents/{collection}` | CreateDocument |
/// | PATCH | `/v1/projects/{p}/databases/{d}/documents/{document}` | UpdateDocument |
/// | DELETE | `/v1/projects/{p}/databases/{d}/documents/{document}` | DeleteDocument |
/// | POST | `…/documents[/{document}]:runQuery` | RunQuery |
/// | POST | `…/documents[/{document}]:runAggregationQuery` | RunAggregationQuery |
/// | POST | `…/documents[/{document}]:listCollectionIds` | ListCollectionIds |
/// | POST | `…/documents[/{document}]:partitionQuery` | PartitionQuery (one partition) |
/// | POST | `…/documents:commit`, `:batchGet`, `:batchWrite`, `:beginTransaction`, `:rollback` | the same RPCs |
/// | DELETE | `/emulator/v1/projects/{p}/databases/{d}/documents[/{path}]` | clear all / a subtree |
/// | POST | `/emulator/v1/projects/{p}:export` | write a Hearth export of the project |
/// | PUT | `/emulator/v1/projects/{p}:securityRules` | put Firestore rules in force for the project |
/// | GET | `/emulator/v1/projects/{p}/listeners` | open listen streams, listeners and targets (Hearth's) |
/// | GET [+ `Accept: text/event-stream`] | `/emulator/v1/requests` | rules evaluations of both products (Hearth's) |
/// | GET + `Accept: text/event-stream` | `…/documents/{document|collection}` | listen (Hearth's SSE protocol) |
/// | POST | `…/documents[/{document}]:listen` | listen to a query or document set (SSE) |
/// | GET | `/` | emulator liveness: `Ok` |
///
/// The clear, export and rules endpoints are admin endpoints: `AdminAccess` admits only this
/// machine's clients (unless `--allow-remote-owner`) and no web page of another site, and the
/// transport answers browsers' preflights for them only from trusted origins.
struct FirestoreRoutes: Sendable {
    let databases: FirestoreDatabases
    let identities: IdentityResolver
    /// Who may call the `/emulator/v1` admin endpoints (export, clear, rules upload).
    let adminAccess: AdminAccess
    /// Writes exports for the emulator's `:export` endpoint.
    let export: HearthExport
    /// The security rules in force, per project.
    let rules: FirestoreRulesRegistry
    /// Where deployed rules are kept; nil in memory.
    let rulesPersistence: RulesPersistence?
    let listening: ListenSettings
    /// Every open listen stream (keep-alives, rules re-checks, the `listeners` endpoint).
    let streams: ListenStreams
    /// Delivers committed snapshots to the listen streams.
    let fanout: ListenFanout
    let logger: Logger
    /// The operations these routes adapt, judging by `rules`.
    let service: FirestoreService

    init(
        databases: FirestoreDatabases, identities: IdentityResolver, adminAccess: AdminAccess, export: HearthExport,
        rules: FirestoreRulesRegistry, rulesPersistence: RulesPersistence?, listening: ListenSettings, streams: ListenStreams,
        fanout: ListenFanout, logger: Logger
    ) {
        self.databases = databases
        self.identities = identities
        self.adminAccess = adminAccess
        self.export = export
        self.rules = rules
        self.rulesPersistence = rulesPersistence
        self.listening = listening
        self.streams = streams
        self.fanout = fanout
        self.logger = logger
        self.service = FirestoreService(databases: databases, rules: rules, logger: logger)
    }

    func register(on router: inout Router) {
        let documents = "/v1/projects/{project}/databases/{database}/documents/{path...}"
        router.on(.get, "/") { _, _ in .text("Ok") }
        router.on(.get, documents) { request, route in
            let call = try self.call(request, route)
            if Self.wantsEventStream(request) { return try self.listenToPath(call, request) }
            return call.namesDocument ? try self.getDocument(call) : try self.listDocuments(call)
        }
        router.on(.post, documents) { request, route in try await self.createDocument(self.call(request, route), request) }
        router.on(.patch, documents) { request, route in try await self.updateDocument(self.call(request, route), request) }
        router.on(.delete, documents) { request, route in try await self.deleteDocument(self.call(request, route)) }

        let root = "/v1/projects/{project}/databases/{database}/documents"
        let verbs: [(String, @Sendable (FirestoreRoutes) -> (RESTCall, Request) async throws -> Response)] = [
            ("runQuery", { $0.runQuery }), ("runAggregationQuery", { $0.runAggregationQuery }),
            ("listCollectionIds", { $0.listCollectionIDs }), ("partitionQuery", { $0.partitionQuery }),
            ("listen", { $0.listenToBody }),
        ]
        for (verb, handler) in verbs {
            for pattern in ["\(root):\(verb)", "\(root)/{path...}:\(verb)"] {
                router.on(.post, pattern) { request, route in try await handler(self)(self.call(request, route), request) }
            }
        }
        let databaseVerbs: [(String, @Sendable (FirestoreRoutes) -> (RESTCall, Request) async throws -> Response)] = [
            ("commit", { $0.commit }), ("batchGet", { $0.batchGet }), ("batchWrite", { $0.batchWrite }),
            ("beginTransaction", { $0.beginTransaction }), ("rollback", { $0.rollback }),
        ]
        for (verb, handler) in databaseVerbs {
            router.on(.post, "\(root):\(verb)") { request, route in try await handler(self)(self.call(request, route), request) }
        }

        let emulatorRoot = "/emulator/v1/projects/{project}/databases/{database}/documents"
        self.admin(.delete, emulatorRoot, on: &router) { request, route in
            let call = try self.call(request, route)
            try await self.service.clear(ClearRequest(database: call.database))
            return .json(Array("{}".utf8))
        }
        self.admin(.delete, emulatorRoot + "/{path...}", on: &router) { request, route in
            let call = try self.call(request, route)
            try await self.service.clear(ClearRequest(database: call.database, prefix: call.segments))
            return .json(Array("{}".utf8))
        }
        self.admin(.post, "/emulator/v1/projects/{project}:export", on: &router) { request, route in
            try await self.exportProject(request, route)
        }
        self.admin(.put, "/emulator/v1/projects/{project}:securityRules", on: &router) { request, route in
            try await self.deployRules(request, route)
        }
        router.on(.get, "/emulator/v1/projects/{project}/listeners") { request, route in
            try self.listenerCounts(request, route)
        }
        self.admin(.get, "/emulator/v1/requests", on: &router) { request, _ in self.requestsFeed(request) }
    }

    /// Registers an admin endpoint: trusted-only for browsers (CORS), and `adminAccess` checks
    /// every request before `handler` sees it (`AdminRefusal`, rendered by the error mapper).
    private func admin(_ method: HTTPMethod, _ pattern: String, on router: inout Router, use handler: @escaping RouteHandler) {
        let access = self.adminAccess
        router.on(method, pattern, access: .trustedOrigins) { request, route in
            try access.admit(request)
            return try await handler(request, route)
        }
    }

    private func call(_ request: Request, _ route: RouteParameters) throws -> RESTCall {
        try RESTCall(request, route, identities: self.identities)
    }


}
