/// A name an RTDB rule can use (reference §8.4), resolved when the expression is parsed.
enum DatabaseVariable: Sendable, Hashable {
    case auth, now, root, data, newData, query
    /// `$name`, bound to the path segment its wildcard matched.
    case wildcard(String)
    /// Any other identifier; the checker reports it (Firebase rejects the upload).
    case unknown(String)

    init(name: String) {
        switch name {
        case "auth": self = .auth
        case "now": self = .now
        case "root": self = .root
        case "data": self = .data
        case "newData": self = .newData
        case "query": self = .query
        default: self = name.hasPrefix("$") ? .wildcard(name) : .unknown(name)
        }
    }

    var name: String {
        switch self {
        case .auth: "auth"
        case .now: "now"
        case .root: "root"
        case .data: "data"
        case .newData: "newData"
        case .query: "query"
        case .wildcard(let name), .unknown(let name): name
        }
    }
}
