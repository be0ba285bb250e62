import HearthDatabase
import HearthHTTP

/// One Realtime Database REST request, parsed at the edge into types
/// (`DatabaseRequest+Parsing.swift`); handlers see nothing raw but the body.
struct DatabaseRequest: Sendable {
    /// The effective method, after `X-HTTP-Method-Override` (`rtdb.md` §1.2).
    enum Method: String, Sendable, Equatable {
        case get = "GET"
        case put = "PUT"
        case post = "POST"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    var method: Method
    /// `?ns=`, else the Host's first label, else the server's default namespace.
    var namespace: String
    var target: DatabaseTarget
    var caller: DatabaseCaller
    /// `orderBy`, bounds, limits and `shallow` of a read (unfiltered for writes).
    var query: DatabaseQuery
    var output: DatabaseOutput
    var conditions: DatabaseConditions
    /// `Accept: text/event-stream` on a GET.
    var wantsStream: Bool
    /// `dryRun=true` on `PUT /.settings/rules.json`: validate only.
    var dryRun: Bool
    /// `format=strict` on `GET /.settings/rules.json`: the rules as parsed JSON.
    var strictRules: Bool
    var body: [UInt8]

    /// A data request made without HTTP (`hearth rules test` drives the same authorization
    /// code as the server): compact output, no ETag conditions, no stream.
    init(method: Method, namespace: String, path: DatabasePath, caller: DatabaseCaller, query: DatabaseQuery = DatabaseQuery()) {
        self.method = method
        self.namespace = namespace
        self.target = .data(path)
        self.caller = caller
        self.query = query
        self.output = DatabaseOutput()
        self.conditions = DatabaseConditions()
        self.wantsStream = false
        self.dryRun = false
        self.strictRules = false
        self.body = []
    }

    /// The data location, for the data target; the root otherwise.
    var path: DatabasePath {
        if case .data(let path) = self.target { return path }
        return .root
    }
}
