/// What the store remembers about an open transaction.
struct TransactionState: Sendable {
    /// The consistent time reads use; nil for read-write transactions, which read the latest.
    var readTime: Timestamp?
    var isReadOnly: Bool
    /// Every document read, with the update time seen (nil: it was missing). Commit fails with
    /// ABORTED if any of them changed since.
    var reads: [DocumentPath: Timestamp?] = [:]
    /// Every query run, with the result it returned, re-run at commit to catch documents that
    /// entered or left its result (phantoms).
    var queries: [(query: Query, result: [DocumentPath: Timestamp])] = []
    let began: Timestamp
    var lastUsed: Timestamp
}
