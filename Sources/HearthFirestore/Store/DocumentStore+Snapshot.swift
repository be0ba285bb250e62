import Synchronization

extension DocumentStore {
    /// Calls `body` with every document of a snapshot of this database, in no particular order.
    ///
    /// The snapshot is taken under one short lock acquisition: copying the dictionary of
    /// documents is O(1) (copy-on-write; document values are shared, not duplicated). Writes
    /// after that see a unique buffer and pay one copy of the dictionary's table (not of the
    /// documents) on their first change; the snapshot is released when the visit ends. `body`
    /// runs without the lock, so it may be slow (writing to disk) without blocking requests.
    public func forEachDocument(_ body: (Document) throws -> Void) rethrows {
        let snapshot = self.state.withLock { $0.tree.documents }
        for document in snapshot.values {
            try body(document)
        }
    }
}
