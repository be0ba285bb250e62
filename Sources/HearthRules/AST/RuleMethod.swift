/// A rule method as written in `allow`.
public enum RuleMethod: String, Sendable, Hashable, CaseIterable {
    case read, write, get, list, create, update, delete

    /// The concrete request methods this keyword grants (read = get+list; write = create+update+delete).
    public var covers: Set<RequestMethod> {
        switch self {
        case .read: return [.get, .list]
        case .write: return [.create, .update, .delete]
        case .get: return [.get]
        case .list: return [.list]
        case .create: return [.create]
        case .update: return [.update]
        case .delete: return [.delete]
        }
    }
}
