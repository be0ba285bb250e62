/// ``DatabaseRulesData`` over a ``RulesDataTree`` held in memory: for tests and for tools such as
/// `hearth rules test` that evaluate rules against fixture data.
public struct InMemoryRulesData: DatabaseRulesData {
    public let root: RulesDataTree?

    /// - Parameter root: the whole database; empty objects are dropped, as RTDB stores no empty node.
    public init(root: RulesDataTree?) {
        self.root = root?.normalized()
    }

    public func node(at path: [String]) -> RulesDataNode? {
        self.root?.subtree(at: path)?.node
    }
}
