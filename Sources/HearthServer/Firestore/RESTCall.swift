import HearthFirestore
import HearthHTTP

/// What a Firestore REST route decodes before it calls `FirestoreService`: who calls (the
/// `Authorization` header), the database named in the URL, the query parameters and the
/// resource path after `/documents/`. The service never sees the HTTP request itself.
struct RESTCall: Sendable {
    let caller: Caller
    let database: DatabaseID
    let parameters: FirestoreParameters
    /// The resource path after `/documents/`, decoded, as segments.
    let segments: [String]

    /// Decodes identity first (a bad credential is refused before anything else), then the URL.
    init(_ request: Request, _ route: RouteParameters, identities: IdentityResolver) throws {
        self.caller = try identities.caller(of: request)
        self.database = try DatabaseID(project: route["project"] ?? "", database: route["database"] ?? "")
        self.parameters = FirestoreParameters(request.query)
        self.segments = route.segments("path")
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

    /// `mask.fieldPaths`, validated.
    func readMask() throws(FirestoreError) -> [FieldPath]? {
        try ReadMask.validated(self.parameters.fieldPaths("mask.fieldPaths"), at: "mask.field_paths")
    }

    private var relative: String { self.segments.joined(separator: "/") }
}
