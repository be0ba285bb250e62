/// Counters of the commit writer since the store was opened, for logs and tests.
///
/// `batchesCommitted / transactionsCommitted` is the group-commit factor: how many batches shared
/// one durable transaction (one WAL fsync).
public struct StorageStatistics: Sendable, Hashable {
    /// Batches that were durably committed.
    public var batchesCommitted: Int = 0
    /// Batches whose transaction failed (their tickets threw).
    public var batchesFailed: Int = 0
    /// `COMMIT`s that succeeded (each is one fsync of the WAL).
    public var transactionsCommitted: Int = 0
    /// Transactions that were rolled back after an error.
    public var transactionsFailed: Int = 0
}
