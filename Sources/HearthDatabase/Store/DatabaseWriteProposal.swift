/// A write about to be applied, as a reviewer sees it: under the store's lock, after server
/// values were resolved, before anything changed. The server's rules check is the reviewer;
/// it reads `root` as `data`/`root` and the values as `newData`, with `now` the time the server
/// values used, as Firebase evaluates rules (`rtdb.md` §3, §8.3). Building it costs nothing:
/// the values and the root are copy-on-write.
public struct DatabaseWriteProposal: Sendable {
    /// The write's location (for a push, including the new key).
    public let path: DatabasePath
    public let kind: DatabaseChange.Kind
    /// The values written, relative to `path` (the root for a set, each key for an update),
    /// server values resolved; the empty node deletes.
    public let values: [(path: DatabasePath, value: DatabaseNode)]
    /// The whole tree before the write.
    public let root: DatabaseNode
    /// Milliseconds since the epoch: the `{".sv": "timestamp"}` of this write and the rules' `now`.
    public let now: Int64
}

/// Reviews a write under the store's lock; throwing (e.g. 401 Permission denied) rejects it and
/// nothing changes. It must not call back into the store.
public typealias DatabaseWriteReviewer = (DatabaseWriteProposal) throws(DatabaseError) -> Void
