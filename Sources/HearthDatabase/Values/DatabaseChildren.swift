/// The non-empty children of a node, kept sorted in key order (``DatabaseOrdering/compareKeys(_:_:)``).
///
/// A sorted array: lookups are a binary search (O(log n) comparisons of pre-parsed keys),
/// iteration in key order is free (JSON output, `$key` queries, hashing), and inserting or
/// removing one child moves O(n) references, which for the fan-outs an emulator sees (up to a
/// few hundred thousand pushes) is a memmove. Empty children are never stored: setting a child to
/// the empty node removes it, as Firebase prunes empty objects.
public struct DatabaseChildren: Sendable, Equatable, Sequence {
    struct Entry: Sendable, Equatable {
        let key: ChildKey
        var node: DatabaseNode
    }

    private(set) var entries: [Entry] = []

    public init() {}

    public var count: Int { self.entries.count }

    public var isEmpty: Bool { self.entries.isEmpty }

    /// The keys in key order.
    public var keys: [String] { self.entries.map(\.key.name) }

    /// The child named `key`, or nil. O(log n).
    public subscript(key: String) -> DatabaseNode? {
        let probe = ChildKey(key)
        guard case .found(let index) = self.search(probe) else { return nil }
        return self.entries[index].node
    }

    /// Sets, replaces or (for an empty `node`) removes the child named `key`. O(log n) to find,
    /// O(n) to insert or remove.
    public mutating func set(_ key: String, _ node: DatabaseNode) {
        let probe = ChildKey(key)
        switch self.search(probe) {
        case .found(let index):
            if node.isEmpty { self.entries.remove(at: index) } else { self.entries[index].node = node }
        case .insertAt(let index):
            if !node.isEmpty { self.entries.insert(Entry(key: probe, node: node), at: index) }
        }
    }

    /// Applies `body` to the child named `key` (the empty node when absent) in place, keeping the
    /// child's storage uniquely referenced so deep writes do not copy siblings.
    mutating func modify(_ key: String, _ body: (inout DatabaseNode) -> Void) {
        let probe = ChildKey(key)
        switch self.search(probe) {
        case .found(let index):
            body(&self.entries[index].node)
            if self.entries[index].node.isEmpty { self.entries.remove(at: index) }
        case .insertAt(let index):
            var node = DatabaseNode.empty
            body(&node)
            if !node.isEmpty { self.entries.insert(Entry(key: probe, node: node), at: index) }
        }
    }

    /// Appends a child known to sort after every existing key (bulk building in key order).
    mutating func appendSorted(_ key: ChildKey, _ node: DatabaseNode) {
        self.entries.append(Entry(key: key, node: node))
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, node: DatabaseNode)> {
        self.entries.lazy.map { (key: $0.key.name, node: $0.node) }.makeIterator()
    }

    private enum SearchResult {
        case found(Int)
        case insertAt(Int)
    }

    private func search(_ probe: ChildKey) -> SearchResult {
        var low = 0
        var high = self.entries.count
        while low < high {
            let middle = (low + high) / 2
            switch self.entries[middle].key.compare(probe) {
            case .ascending: low = middle + 1
            case .descending: high = middle
            case .same: return .found(middle)
            }
        }
        return .insertAt(low)
    }
}
