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
    /// The ID token's user, which a stream asks the account store about again while it is open.
    var credential: AccountCredential?
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

    /// The data location, for the data target; the root otherwise.
    var path: DatabasePath {
        if case .data(let path) = self.target { return path }
        return .root
    }
}
