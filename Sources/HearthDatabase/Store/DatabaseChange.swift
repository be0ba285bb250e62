/// One committed write to a namespace's tree, as listeners and the journal see it.
///
/// A set (PUT, POST, DELETE, removeAll) has one entry at the change's own path; an update
/// (PATCH) has one entry per key, relative to the change's path, with the merged values
/// (`null`, i.e. the empty node, for deletes). Values carry server values already resolved.
/// Each entry keeps the value it replaced (`before`), which costs O(1) (copy-on-write) and
/// lets the store undo a change that could not be made durable and listeners tell whether a
/// location above them really changed. `sequence` increases by one per change and is the
/// commit order.
public struct DatabaseChange: Sendable, Equatable {
    public enum Kind: Sendable, Hashable {
        case set
        case update
    }

    public struct Entry: Sendable, Equatable {
        /// Relative to ``DatabaseChange/path``; the root for a set.
        public let path: DatabasePath
        /// The new value there (the empty node for a delete).
        public let value: DatabaseNode
        /// The value it replaced.
        public let before: DatabaseNode

        public init(path: DatabasePath, value: DatabaseNode, before: DatabaseNode) {
            self.path = path
            self.value = value
            self.before = before
        }
    }

    public let sequence: UInt64
    public let path: DatabasePath
    public let kind: Kind
    public let entries: [Entry]

    public init(sequence: UInt64, path: DatabasePath, kind: Kind, entries: [Entry]) {
        self.sequence = sequence
        self.path = path
        self.kind = kind
        self.entries = entries
    }
}
