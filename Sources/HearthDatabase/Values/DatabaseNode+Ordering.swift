extension DatabaseNode {
    /// Value order (`rtdb.md` §6; the JS SDK's `LeafNode.compareTo` / `ChildrenNode.compareTo`):
    /// `null` < `false` < `true` < numbers (numerically, integers and doubles alike) < strings
    /// (UTF-16 code units) < objects (all equal to each other). Priorities are ignored.
    /// Used for `orderBy="$value"`, child paths, `$priority` (on the priority as a leaf) and
    /// range bounds. Ties are the caller's to break by key.
    public static func compareValues(_ lhs: DatabaseNode, _ rhs: DatabaseNode) -> DatabaseOrdering {
        let (left, right) = (lhs.typeRank, rhs.typeRank)
        if left != right { return DatabaseOrdering(comparing: left, right) }
        switch (lhs.leaf, rhs.leaf) {
        case (.number(let a)?, .number(let b)?): return a.compare(b)
        case (.string(let a)?, .string(let b)?): return DatabaseOrdering.compareStrings(a, b)
        default: return .same
        }
    }

    /// 0 null, 1 false, 2 true, 3 number, 4 string, 5 object.
    var typeRank: Int {
        switch self.content {
        case .leaf(.bool(let value)): value ? 2 : 1
        case .leaf(.number): 3
        case .leaf(.string): 4
        case .children(let children): children.isEmpty ? 0 : 5
        }
    }

    /// The priority as a node (the empty node when there is none), for `$priority` ordering:
    /// no priority < numbers < strings, as the JS SDK's `PriorityIndex`.
    public var priorityNode: DatabaseNode {
        self.priority.map { DatabaseNode($0.leaf) } ?? .empty
    }
}
