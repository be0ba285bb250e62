/// Where a store's committed changes go to become durable (implemented above this module,
/// over the embedded database).
///
/// The store calls `enqueue` under its lock, in commit order, so the journal sees commits in
/// exactly the order readers do; it must only queue, never wait. Acknowledging a write waits
/// on `waitUntilDurable` outside the lock.
public protocol CommitJournal: Sendable {
    func enqueue(_ entry: JournalEntry) -> JournalReceipt
    /// Suspends until the entry, and every entry before it, is durable.
    /// - Throws: UNAVAILABLE naming the cause (disk full, permissions, I/O error).
    func waitUntilDurable(_ receipt: JournalReceipt) async throws(FirestoreError)
}
