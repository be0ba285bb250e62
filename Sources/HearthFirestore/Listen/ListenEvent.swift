/// What the store hands a listener's sink after a commit changed its target's result.
///
/// The sink runs under the store's lock, in commit order, so it must only enqueue. The server
/// sends the event once `receipt` is durable (`DocumentStore.waitUntilDurable`), so a listener
/// never sees a write that a crash could take back. If waiting fails, the commit was undone:
/// drop this event (and the later ones whose receipts fail too); a `reset` snapshot without a
/// receipt follows with the restored result.
public struct ListenEvent: Sendable, Hashable {
    public var snapshot: ListenSnapshot
    /// The journal receipt of the commit; nil for an in-memory store or a reset after an undo.
    public var receipt: JournalReceipt?

    public init(snapshot: ListenSnapshot, receipt: JournalReceipt?) {
        self.snapshot = snapshot
        self.receipt = receipt
    }
}
