/// `newData`: the current data with a pending write applied, computed lazily per location.
///
/// Below a written location the answer comes from the written value. Above one, the node
/// exists when the children it keeps plus the written ones are not all null, which is how RTDB
/// prunes a parent whose last child is deleted (so `newData.parent().exists()` can become false).
/// Elsewhere the current data shows through unchanged.
public struct PendingWriteData: DatabaseRulesData {
    /// One replaced location: an absolute path and its new value (nil: deleted).
    public struct Location: Sendable, Hashable {
        public var path: [String]
        public var value: RulesDataTree?
    }

    public let base: any DatabaseRulesData
    public let locations: [Location]

    /// `write` applied at `path` on top of `base`.
    public init(base: any DatabaseRulesData, path: [String], write: DatabaseWrite) {
        self.base = base
        self.locations = write.locations(at: path)
    }

    public func node(at path: [String]) -> RulesDataNode? {
        for location in self.locations where path.starts(with: location.path) {
            return location.value?.subtree(at: path.dropFirst(location.path.count))?.node
        }
        var touched: Set<String> = []
        for location in self.locations where location.path.count > path.count && location.path.starts(with: path) {
            touched.insert(location.path[path.count])
        }
        let current = self.base.node(at: path)
        guard !touched.isEmpty else { return current }
        var written = 0
        var removed = 0
        for key in touched {
            if self.node(at: path + [key]) != nil { written += 1 }
            if self.base.node(at: path + [key]) != nil { removed += 1 }
        }
        switch current?.content {
        case .branch(let childCount):
            let count = childCount - removed + written
            return count > 0 ? .branch(childCount: count, priority: current?.priority) : nil
        case .leaf:
            // Writing below a leaf replaces it by an object, unless every written child is null.
            return written > 0 ? .branch(childCount: written, priority: current?.priority) : current
        case nil:
            return written > 0 ? .branch(childCount: written) : nil
        }
    }
}
