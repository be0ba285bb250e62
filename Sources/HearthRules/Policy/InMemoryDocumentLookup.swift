/// A dictionary-backed lookup for tests and tools. Keys are document paths joined by `/`
/// (e.g. `"users/alice"`); `after` documents override `before` ones, and a nil entry in
/// `after` models a delete.
public struct InMemoryDocumentLookup: DocumentLookup {
    public var before: [String: [String: RuleValue]]
    public var after: [String: [String: RuleValue]?]
    public var databaseID: String

    public init(
        before: [String: [String: RuleValue]] = [:], after: [String: [String: RuleValue]?] = [:],
        databaseID: String = "(default)"
    ) {
        self.before = before
        self.after = after
        self.databaseID = databaseID
    }

    public func document(at path: [String], after: Bool) -> RuleDocument? {
        let key = path.joined(separator: "/")
        var fields = self.before[key]
        if after, let projected = self.after[key] { fields = projected }
        guard let fields else { return nil }
        return RuleDocument(databaseID: self.databaseID, path: path, fields: fields)
    }
}
