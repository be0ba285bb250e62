import HearthFirestore

/// Commit: `writes`, atomically and in order, ending `transaction` when there is one.
struct CommitRequest: Sendable, Hashable {
    var database: DatabaseID
    var writes: [Write]
    var transaction: TransactionID?
}
