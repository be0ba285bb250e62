import HearthFirestore

/// BatchWrite: `writes`, each applied on its own (not atomically), each document at most once.
struct BatchWriteRequest: Sendable, Hashable {
    var database: DatabaseID
    var writes: [Write]
}
