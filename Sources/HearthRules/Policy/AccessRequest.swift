/// Everything rules can see about one request. Integration builds this from the wire request
/// (reference §8.3, §8.6): the method is already mapped (a set on a missing document is
/// `.create`), and `requestResource` is the full post-write document with transforms applied.
public struct AccessRequest: Sendable {
    public var method: RequestMethod
    /// Segments after `/databases/{db}/documents`. For `get`/`create`/`update`/`delete` the
    /// document path (`["users", "alice"]`); for `list` the COLLECTION path (`["users"]`):
    /// the matcher then matches patterns one segment longer, binding the document wildcard to
    /// `resource.id` when a `resource` is supplied, else to an error value (so a rule that
    /// reads it on a list denies, while `match /users/{id} { allow list: if true; }` works).
    public var path: [String]
    public var databaseID: String
    public var auth: RequestAuth?
    public var time: RuleTimestamp
    /// The stored document (`resource`); nil when missing (create, or get of a missing doc).
    /// For `list`, the binding integration constructs (symbolic or per-document).
    public var resource: RuleDocument?
    /// The post-write document (`request.resource`), create/update only.
    public var requestResource: RuleDocument?
    /// `request.query`, list only; touching it on other methods is an error as in production.
    public var query: ListQuery?
    /// List only: what the query's filters fix about every result ("rules are not filters").
    /// When set, `resource` is ignored and `resource.data` is the constrained view.
    public var listConstraints: ListConstraints?
    /// List only: a collection group query. `path` is then the parent's segments followed by
    /// the collection id, and any number of unknown segments sit between them, which only a
    /// recursive wildcard (`{path=**}`) can match, as production requires.
    public var collectionGroup = false
    /// Emulator extras exposed as `request.headers` / `request.inTransaction`.
    public var headers: [String: String]
    public var inTransaction: Bool
    /// 10 lookups for single-document requests and queries, 20 for batches/transactions.
    public var limits: EvaluationLimits

    public init(
        method: RequestMethod, path: [String], databaseID: String = "(default)", auth: RequestAuth? = nil,
        time: RuleTimestamp, resource: RuleDocument? = nil, requestResource: RuleDocument? = nil,
        query: ListQuery? = nil, headers: [String: String] = [:], inTransaction: Bool = false,
        limits: EvaluationLimits = .singleDocument
    ) {
        self.method = method
        self.path = path
        self.databaseID = databaseID
        self.auth = auth
        self.time = time
        self.resource = resource
        self.requestResource = requestResource
        self.query = query
        self.headers = headers
        self.inTransaction = inTransaction
        self.limits = limits
    }

    /// The `request` map as rules see it.
    public var requestValue: RuleValue {
        var m: [String: RuleValue] = [
            "auth": self.auth?.value ?? .null,
            "method": .string(self.method.rawValue),
            "path": .path(RulePath(["databases", self.databaseID, "documents"] + self.path)),
            "time": .timestamp(self.time),
            "headers": .map(self.headers.mapValues { .string($0) }),
            "inTransaction": .bool(self.inTransaction),
        ]
        if self.method == .list { m["query"] = (self.query ?? ListQuery()).value }
        if self.method == .create || self.method == .update, let r = self.requestResource {
            m["resource"] = r.resourceValue
        }
        return .map(m)
    }
}
