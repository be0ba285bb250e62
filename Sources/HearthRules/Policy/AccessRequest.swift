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
        var m: [String: RuleValue] = [:]
        m.reserveCapacity(Self.requestKeys.count)
        for key in Self.requestKeys {
            if let value = self.requestField(key) { m[key] = value }
        }
        return .map(m)
    }

    /// Every key `request` can have; `requestField` says which this request has.
    private static let requestKeys = ["auth", "method", "path", "time", "headers", "inTransaction", "query", "resource"]

    /// `request.key` without building the whole map (rules mostly read `request.auth` or
    /// `request.resource`); nil for a key this request's map does not have.
    func requestField(_ key: String) -> RuleValue? {
        switch key {
        case "auth": return self.auth?.value ?? .null
        case "method": return .string(self.method.rawValue)
        case "path": return .path(RulePath(["databases", self.databaseID, "documents"] + self.path))
        case "time": return .timestamp(self.time)
        case "headers": return .map(self.headers.mapValues { .string($0) })
        case "inTransaction": return .bool(self.inTransaction)
        case "query": return self.method == .list ? (self.query ?? ListQuery()).value : nil
        case "resource": return self.method == .create || self.method == .update ? self.requestResource?.resourceValue : nil
        default: return nil
        }
    }

    /// `resource` as rules see it: a list's constrained view, the stored document, or null.
    var resourceValue: RuleValue {
        self.listResource ?? self.resource?.resourceValue ?? .null
    }
}
