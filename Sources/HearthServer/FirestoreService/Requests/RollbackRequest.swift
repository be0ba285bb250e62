import HearthFirestore

/// Rollback: abandons `transaction`.
struct RollbackRequest: Sendable, Hashable {
    var database: DatabaseID
    var transaction: TransactionID
}
