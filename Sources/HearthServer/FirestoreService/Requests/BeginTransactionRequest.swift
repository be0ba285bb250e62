import HearthFirestore

/// BeginTransaction: a new transaction of `mode` (read-write unless the client says read-only).
struct BeginTransactionRequest: Sendable, Hashable {
    var database: DatabaseID
    var mode: TransactionMode = .readWrite
}
