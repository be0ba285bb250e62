/// Where a namespace's committed changes go to become durable (implemented above this module,
/// over the embedded database). One journal serves every namespace, so it is told which;
/// ``NamespaceJournal`` binds it to one store as the generic `HearthCore.Journal`.
///
/// The store calls `enqueue` under its lock, in commit order; it must only queue, never wait
/// (see `HearthCore.Journal` for the contract, which this shares).
public protocol DatabaseJournal: Sendable {
    /// Queues `change` of `namespace`, built on the state the change with receipt `after` left:
    /// if that change fails, this one must fail too, without reaching the disk.
    func enqueue(_ change: DatabaseChange, namespace: String, after: DatabaseJournalReceipt?) -> DatabaseJournalReceipt
    /// Suspends until the change, and every change it was built on, is durable.
    /// - Throws: ``DatabaseError/Kind/unavailable`` naming the cause.
    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError)
}
