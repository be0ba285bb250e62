/// Where a store's committed changes go to become durable (implemented above this module,
/// over the embedded database).
///
/// The store calls `enqueue` under its lock, in commit order, so the journal sees commits in
/// exactly the order readers do; it must only queue, never wait. Acknowledging a write waits
/// on `waitUntilDurable` outside the lock.
public protocol CommitJournal: Sendable {
    /// Queues `entry`, built on the state the entry with receipt `after` left (the store's newest
    /// entry not undone; nil when none is pending): if that entry fails, this one must fail too,
    /// without reaching the disk.
    func enqueue(_ entry: JournalEntry, after: JournalReceipt?) -> JournalReceipt
    /// Suspends until the entry, and every entry it was built on, is durable.
    /// - Throws: UNAVAILABLE naming the cause (disk full, permissions, I/O error).
    func waitUntilDurable(_ receipt: JournalReceipt) async throws(FirestoreError)
}
