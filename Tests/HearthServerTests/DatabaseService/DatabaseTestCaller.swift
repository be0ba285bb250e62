import HearthHTTP
import HearthJSON
import HearthRules

@testable import HearthServer

/// Who a test operation acts as, said to each driver in its own terms: a `DatabaseCaller` to
/// the service, the credentials a client sends to the router.
enum DatabaseTestCaller: Sendable, CustomStringConvertible {
    case admin
    case anonymous
    /// Runs under rules with `auth = {"uid": uid}` (REST: the owner's `auth_variable_override`).
    case user(String)

    var caller: DatabaseCaller {
        switch self {
        case .admin: return .admin
        case .anonymous: return .user(auth: nil, expires: nil)
        case .user(let uid):
            let json = JSONValue.object(JSONObject([.init(key: "uid", value: .string(uid))]))
            return .user(auth: RulesDataTree(json: json).map(DatabaseRulesAuth.init(variable:)), expires: nil)
        }
    }

    /// Query parameters (already percent-encoded) and headers carrying the credentials.
    var credentials: (query: String, headers: HTTPHeaders) {
        switch self {
        case .admin: return ("", ["Authorization": "Bearer owner"])
        case .anonymous: return ("", [:])
        case .user(let uid): return ("auth=owner&auth_variable_override=%7B%22uid%22%3A%22\(uid)%22%7D", [:])
        }
    }

    var description: String {
        switch self {
        case .admin: "admin"
        case .anonymous: "anonymous"
        case .user(let uid): "user \(uid)"
        }
    }
}
