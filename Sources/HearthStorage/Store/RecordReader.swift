/// Something records can be read from in one consistent pass: an open ``DurableStore`` (a server's
/// own storage) or a ``DurableSnapshot`` (a data directory opened for reading only).
///
/// Why a protocol: export streams from either, and should not care which.
public protocol RecordReader: Sendable {
    /// Calls `body` with every record (of every namespace, or of `namespace`), ordered by
    /// namespace then key, from one consistent snapshot, one record in memory at a time.
    func scan(namespace: String?, _ body: (StorageRecord) throws -> Void) throws
    /// The number of records (of every namespace, or of `namespace`). O(records).
    func count(namespace: String?) throws(StorageError) -> Int
}

extension DurableStore: RecordReader {}
