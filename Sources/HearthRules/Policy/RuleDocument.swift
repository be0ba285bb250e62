/// A document as rules see it: `resource`, `request.resource` and `get()` results are all
/// `{data, id, __name__}` maps (`__name__` is the full path `/databases/{db}/documents/…`).
public struct RuleDocument: Sendable {
    /// The last path segment.
    public var id: String
    /// The full name, `databases/{db}/documents/…` segments.
    public var name: RulePath
    public var fields: [String: RuleValue]

    public init(id: String, name: RulePath, fields: [String: RuleValue]) {
        self.id = id
        self.name = name
        self.fields = fields
    }

    /// Builds a document from its path under `/databases/{databaseID}/documents`.
    public init(databaseID: String = "(default)", path: [String], fields: [String: RuleValue]) {
        self.id = path.last ?? ""
        var name: [String] = []
        name.reserveCapacity(path.count + 3)
        name.append("databases")
        name.append(databaseID)
        name.append("documents")
        name.append(contentsOf: path)
        self.name = RulePath(name)
        self.fields = fields
    }

    /// The `{data, id, __name__}` map bound to `resource` / returned by `get()`.
    public var resourceValue: RuleValue {
        .map(["data": .map(self.fields), "id": .string(self.id), "__name__": .path(self.name)])
    }

    /// One key of `resourceValue` without building the map (`resource.data` is read by most
    /// rules); nil for a key the map does not have.
    func field(_ key: String) -> RuleValue? {
        switch key {
        case "data": return .map(self.fields)
        case "id": return .string(self.id)
        case "__name__": return .path(self.name)
        default: return nil
        }
    }
}
