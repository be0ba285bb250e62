/// Where a store's committed changes go to become durable (implemented above the store
/// modules, over the embedded database).
///
/// The store calls `enqueue` under its lock, in commit order, so the journal sees changes in
/// exactly the order readers and listeners do; it must only queue, never wait. Acknowledging
/// a write waits on `waitUntilDurable` outside the lock. ``PendingChanges`` keeps what undoes
/// each change until the journal settles it.
public protocol Journal<Entry, Receipt, Failure>: Sendable {
    /// One durable unit of change (a Firestore commit, a Realtime Database write).
    associatedtype Entry: Sendable
    /// The journal's position for one entry.
    associatedtype Receipt: JournalPosition
    /// What the store reports when an entry cannot be made durable (UNAVAILABLE, in its
    /// product's words).
    associatedtype Failure: Error

    /// Queues `entry`, built on the state the entry with receipt `after` left (the store's
    /// newest entry not undone; nil when none is pending): if that entry fails, this one must
    /// fail too, without reaching the disk.
    func enqueue(_ entry: Entry, after: Receipt?) -> Receipt
    /// Suspends until the entry, and every entry it was built on, is durable.
    /// - Throws: `Failure` naming the cause (disk full, permissions, I/O error).
    func waitUntilDurable(_ receipt: Receipt) async throws(Failure)
}
