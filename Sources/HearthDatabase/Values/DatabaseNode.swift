/// A value in the Realtime Database tree: a leaf (boolean, number, string) or a set of
/// children, either with an optional priority. The empty node is `null`.
///
/// A value type with copy-on-write storage: copying a node (a snapshot for a reader, a
/// before-image for undo) is O(1), and a write copies only the child arrays along its path
/// that are shared with such a copy. Invariants, as the JS SDK's `ChildrenNode`: no child is
/// empty, and an empty node has no priority.
public struct DatabaseNode: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case leaf(DatabaseLeaf)
        case children(DatabaseChildren)
    }

    public private(set) var content: Content
    public private(set) var priority: DatabasePriority?

    /// `null`: no value, no children, no priority.
    public static let empty = DatabaseNode(content: .children(DatabaseChildren()), priority: nil)

    public init(_ leaf: DatabaseLeaf, priority: DatabasePriority? = nil) {
        self.content = .leaf(leaf)
        self.priority = priority
    }

    /// A node with `children`; the priority is dropped when there are none (an empty node has none).
    public init(children: DatabaseChildren, priority: DatabasePriority? = nil) {
        self.content = .children(children)
        self.priority = children.isEmpty ? nil : priority
    }

    private init(content: Content, priority: DatabasePriority?) {
        self.content = content
        self.priority = priority
    }

    /// Whether this is `null`.
    public var isEmpty: Bool {
        if case .children(let children) = self.content { return children.isEmpty }
        return false
    }

    /// The leaf value, or nil for objects and `null`.
    public var leaf: DatabaseLeaf? {
        if case .leaf(let leaf) = self.content { return leaf }
        return nil
    }

    /// The children (none for a leaf).
    public var children: DatabaseChildren {
        if case .children(let children) = self.content { return children }
        return DatabaseChildren()
    }

    /// Whether this node has at least one child.
    public var hasChildren: Bool { !self.children.isEmpty }

    /// The child named `key`; the empty node when absent or when this is a leaf. O(log n).
    public func child(_ key: String) -> DatabaseNode {
        self.children[key] ?? .empty
    }

    /// The node at `path` below this one (the empty node when absent). O(depth × log n).
    public func child(at path: DatabasePath) -> DatabaseNode {
        var node = self
        for segment in path.segments {
            guard case .children(let children) = node.content, let next = children[segment] else { return .empty }
            node = next
        }
        return node
    }

    /// Sets or replaces the priority (ignored on the empty node).
    public mutating func setPriority(_ priority: DatabasePriority?) {
        if !self.isEmpty { self.priority = priority }
    }

    /// Replaces the node at `path` with `node` (an empty `node` deletes it and prunes ancestors
    /// left empty). Leaves on the way become objects, keeping their priority, as in the JS SDK's
    /// `LeafNode.updateChild`. Mutates in place: O(depth × (log n + the arrays it must copy)).
    public mutating func set(_ node: DatabaseNode, at path: DatabasePath) {
        self.set(node, at: path.segments[...])
    }

    private mutating func set(_ node: DatabaseNode, at path: ArraySlice<String>) {
        guard let first = path.first else {
            self = node
            return
        }
        if node.isEmpty, !self.hasChildren { return }  // nothing to delete below a leaf or null
        var children: DatabaseChildren
        if case .children(let existing) = self.content {
            children = existing
            self.content = .children(DatabaseChildren())  // release, so `children` stays unique
        } else {
            children = DatabaseChildren()
        }
        let rest = path.dropFirst()
        if rest.isEmpty {
            children.set(first, node)
        } else {
            children.modify(first) { $0.set(node, at: rest) }
        }
        self.content = .children(children)
        if children.isEmpty { self.priority = nil }
    }

    /// How many levels of children lie below this node (0 for a leaf or `null`). O(size).
    public var depth: Int {
        var deepest = 0
        for (_, child) in self.children { deepest = max(deepest, child.depth + 1) }
        return deepest
    }
}
