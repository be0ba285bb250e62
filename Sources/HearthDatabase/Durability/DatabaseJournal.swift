/// Where a namespace's committed changes go to become durable (implemented above this module,
/// over the embedded database); the Realtime Database counterpart of Firestore's `CommitJournal`.
///
/// The store calls `enqueue` under its lock, in commit order, so the journal sees changes in
/// exactly the order readers and listeners do; it must only queue, never wait. Acknowledging a
/// write waits on `waitUntilDurable` outside the lock.
public protocol DatabaseJournal: Sendable {
    func enqueue(_ change: DatabaseChange, namespace: String) -> DatabaseJournalReceipt
    /// Suspends until the change, and every change before it, is durable.
    /// - Throws: ``DatabaseError/Kind/unavailable`` naming the cause.
    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError)
}
