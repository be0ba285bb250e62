/// Where a namespace's committed changes go to become durable (implemented above this module,
/// over the embedded database); the Realtime Database counterpart of Firestore's `CommitJournal`.
///
/// The store calls `enqueue` under its lock, in commit order, so the journal sees changes in
/// exactly the order readers and listeners do; it must only queue, never wait. Acknowledging a
/// write waits on `waitUntilDurable` outside the lock.
public protocol DatabaseJournal: Sendable {
    /// Queues `change`, built on the state the change with receipt `after` left (the store's
    /// newest change not yet durable; nil when none is pending): if that change fails, this one
    /// must fail too, without reaching the disk.
    func enqueue(_ change: DatabaseChange, namespace: String, after: DatabaseJournalReceipt?) -> DatabaseJournalReceipt
    /// Suspends until the change, and every change it was built on, is durable.
    /// - Throws: ``DatabaseError/Kind/unavailable`` naming the cause.
    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError)
}
