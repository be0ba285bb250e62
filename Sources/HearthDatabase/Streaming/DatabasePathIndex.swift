/// Values (a store's change sinks) filed by the location they watch, so that a change is
/// offered only to the watchers it can concern instead of to every one of them.
///
/// A write at `/a/b` concerns watchers at `/`, `/a` and `/a/b` (their value changed) and at any
/// location below `/a/b` (theirs may have); watchers of `/a/c` or `/x` cannot see it and are
/// never visited. An update at `/a` whose members are `b` and `c/d` is treated as writes at
/// `/a/b` and `/a/c/d`: a watcher of `/a/e` is not visited.
///
/// Why: with every subscriber offered every write, a namespace with thousands of streams on
/// unrelated locations paid O(streams) under the store's lock for each write. Here a write
/// costs O(depth) dictionary lookups to reach its location, plus the watchers it concerns (the
/// subtree below the written locations is walked, watchers and empty branches alike, so a
/// write at the root still visits everyone). Memory: one trie node per distinct watched
/// location and each of its ancestors, a few hundred bytes each; a branch is pruned as soon as
/// its last watcher leaves.
public struct DatabasePathIndex<Value: Sendable>: Sendable {
    /// One location of the trie: the watchers there, and the branches below.
    struct Node: Sendable {
        var values: [UInt64: Value] = [:]
        var children: [String: Node] = [:]

        var isEmpty: Bool { self.values.isEmpty && self.children.isEmpty }
    }

    private var root = Node()
    /// Where each watcher is filed, so it can be removed by its id alone.
    private var locations: [UInt64: DatabasePath] = [:]

    public init() {}

    /// Watchers filed. O(1).
    public var count: Int { self.locations.count }

    /// Files `value` under `id` at `path` (replacing what `id` had).
    public mutating func insert(_ value: Value, id: UInt64, at path: DatabasePath) {
        self.remove(id: id)
        self.locations[id] = path
        Self.insert(value, id: id, segments: path.segments[...], into: &self.root)
    }

    /// Removes the watcher `id`, pruning the branches it leaves empty. Does nothing if unknown.
    public mutating func remove(id: UInt64) {
        guard let path = self.locations.removeValue(forKey: id) else { return }
        Self.remove(id, segments: path.segments[...], from: &self.root)
    }

    /// Calls `body` once with every watcher `change` concerns: those at or above one of its
    /// written locations, and those below one. In no particular order.
    public func forEachAffected(by change: DatabaseChange, _ body: (Value) -> Void) {
        var node = self.root
        for value in node.values.values { body(value) }
        for segment in change.path.segments {
            guard let next = node.children[segment] else { return }
            node = next
            for value in node.values.values { body(value) }
        }
        // A set, or an update with a member at its own location, rewrites the whole subtree.
        if change.entries.contains(where: { $0.path.isRoot }) {
            Self.forEachBelow(node) { _, value in body(value) }
            return
        }
        // Members can share ancestors (`c/d` and `c/e`): watchers there are visited once.
        var seen: Set<UInt64> = []
        let once = change.entries.count > 1
        for entry in change.entries {
            var inner: Node? = node
            for segment in entry.path.segments {
                inner = inner?.children[segment]
                guard let reached = inner else { break }
                for (id, value) in reached.values where !once || seen.insert(id).inserted { body(value) }
            }
            guard let inner else { continue }
            Self.forEachBelow(inner) { id, value in
                if !once || seen.insert(id).inserted { body(value) }
            }
        }
    }

    private static func insert(_ value: Value, id: UInt64, segments: ArraySlice<String>, into node: inout Node) {
        guard let first = segments.first else {
            node.values[id] = value
            return
        }
        Self.insert(value, id: id, segments: segments.dropFirst(), into: &node.children[first, default: Node()])
    }

    private static func remove(_ id: UInt64, segments: ArraySlice<String>, from node: inout Node) {
        guard let first = segments.first else {
            node.values[id] = nil
            return
        }
        guard node.children[first] != nil else { return }
        Self.remove(id, segments: segments.dropFirst(), from: &node.children[first]!)
        if node.children[first]!.isEmpty { node.children[first] = nil }
    }

    /// Every watcher strictly below `node`, with its id.
    private static func forEachBelow(_ node: Node, _ body: (UInt64, Value) -> Void) {
        for child in node.children.values {
            for (id, value) in child.values { body(id, value) }
            Self.forEachBelow(child, body)
        }
    }
}
