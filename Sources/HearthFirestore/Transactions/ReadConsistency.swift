/// How a read chooses the data it sees (`consistency_selector` on the wire).
public enum ReadConsistency: Sendable, Hashable {
    /// The latest committed data.
    case latest
    /// Inside an open transaction.
    case transaction(TransactionID)
    /// Begin a transaction and read inside it; the reply carries the new transaction's ID.
    case newTransaction(TransactionMode)
    /// The data as it was at this time.
    case readTime(Timestamp)
}
