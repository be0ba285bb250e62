/// The concrete method of a request, as rules see it in `request.method` (reference §8.6:
/// reads are `get` or `list`; a set on a missing document is `create`, otherwise `update`).
public enum RequestMethod: String, Sendable, Hashable, CaseIterable {
    case get, list, create, update, delete
}

extension RequestMethod {
    /// The position in `allCases`, for tables indexed by method.
    var index: Int {
        switch self {
        case .get: 0
        case .list: 1
        case .create: 2
        case .update: 3
        case .delete: 4
        }
    }
}
