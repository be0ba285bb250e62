/// One Realtime Database operation as a test states it, in REST's terms (paths, query
/// parameters and bodies as text), so each driver can turn it into its own call.
enum DatabaseTestOperation: Sendable, CustomStringConvertible {
    /// A read; `query` holds REST parameters (`orderBy`, bounds, limits, `shallow`, `format`),
    /// unencoded; `etag`: ask for the value's ETag.
    case read(String, query: [(String, String)] = [], etag: Bool = false)
    case set(String, String, ifMatch: String? = nil)
    case merge(String, String)
    case push(String, String)
    case delete(String, ifMatch: String? = nil)
    case subscribe(String, query: [(String, String)] = [])
    case readRules
    case uploadRules(String)
    case namespaces

    var description: String {
        switch self {
        case .read(let path, let query, _): "read \(path)\(query.isEmpty ? "" : " \(query)")"
        case .set(let path, let value, let ifMatch): "set \(path) = \(value)\(ifMatch.map { " if-match \($0)" } ?? "")"
        case .merge(let path, let value): "merge \(path) with \(value)"
        case .push(let path, let value): "push \(value) under \(path)"
        case .delete(let path, let ifMatch): "delete \(path)\(ifMatch.map { " if-match \($0)" } ?? "")"
        case .subscribe(let path, _): "subscribe to \(path)"
        case .readRules: "read the rules"
        case .uploadRules: "upload rules"
        case .namespaces: "list namespaces"
        }
    }
}
