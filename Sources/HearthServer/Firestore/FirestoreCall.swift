import HearthFirestore
import HearthHTTP
import HearthRules
import Logging

/// What every Firestore handler starts from: the database named in the URL, its store, the
/// caller's identity and the parsed query parameters. Built once per request at the edge.
struct FirestoreCall: Sendable {
    let database: DatabaseID
    let store: DocumentStore
    let identity: Identity
    /// `request.auth` for rules, made once per ID token (see `Caller`).
    let auth: RequestAuth?
    let parameters: FirestoreParameters
    /// The resource path after `/documents/`, decoded, as segments.
    let segments: [String]
    /// The security rules this request is judged by; nil when nothing is enforced (no rules
    /// for the project, or the `owner` identity).
    private(set) var rules: RulesInForce?
    let logger: Logger
    /// Told every rules decision as it is enforced, allow or deny: `hearth rules test` uses it
    /// to say which allow statement granted a request it expected to be denied.
    var decisionObserver: (@Sendable (Decision) -> Void)?

    init(_ request: Request, _ route: RouteParameters, databases: FirestoreDatabases, identities: IdentityResolver, rules: FirestoreRulesRegistry, logger: Logger) throws {
        let caller = try identities.caller(of: request)
        self.identity = caller.identity
        self.auth = caller.auth
        self.database = try DatabaseID(project: route["project"] ?? "", database: route["database"] ?? "")
        self.store = databases.store(for: self.database)
        self.rules = self.identity == .owner ? nil : rules.rules(for: self.database.project)
        self.logger = logger
        self.parameters = FirestoreParameters(request.query)
        self.segments = route.segments("path")
    }

    /// A call made without HTTP (`hearth rules test` drives the same authorization code).
    init(database: DatabaseID, store: DocumentStore, identity: Identity, rules: RulesInForce?, logger: Logger) {
        self.identity = identity
        self.auth = RequestAuth(identity)
        self.database = database
        self.store = store
        self.parameters = FirestoreParameters(URLQuery(""))
        self.segments = []
        self.rules = identity == .owner ? nil : rules
        self.logger = logger
    }

    /// The same call judged by `rules` (a listen stream re-checks its access after a reload).
    func judged(by rules: RulesInForce?) -> FirestoreCall {
        var call = self
        call.rules = self.identity == .owner ? nil : rules
        return call
    }

    /// True when the path names a document (an even number of segments), false for a collection.
    var namesDocument: Bool { self.segments.count % 2 == 0 }

    func documentPath() throws(FirestoreError) -> DocumentPath {
        guard self.namesDocument else {
            throw .invalidArgument("\"\(self.relative)\" is a collection path; this method needs a document path (collection/document[/collection/document…]).")
        }
        return try DocumentPath(segments: self.segments)
    }

    func collectionPath() throws(FirestoreError) -> CollectionPath {
        guard !self.namesDocument else {
            throw .invalidArgument("\"\(self.relative)\" is a document path; this method needs a collection path (collection[/document/collection…]).")
        }
        return try CollectionPath(segments: self.segments)
    }

    /// The parent document of a verb on `…/documents[/{document}]:verb`; nil for the root.
    func parentDocument() throws(FirestoreError) -> DocumentPath? {
        self.segments.isEmpty ? nil : try self.documentPath()
    }

    private var relative: String { self.segments.joined(separator: "/") }
}
