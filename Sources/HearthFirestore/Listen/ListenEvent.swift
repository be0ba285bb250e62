/// What the store hands a listener's sink after a commit changed its target's result.
///
/// The sink runs under the store's lock, in commit order, so it must only enqueue. The server
/// sends the event once `receipt` is durable (`DocumentStore.waitUntilDurable`), so a listener
/// never sees a write that a crash could take back. If waiting fails, the commit was undone:
/// drop this event (and the later ones whose receipts fail too); a `reset` snapshot without a
/// receipt follows with the restored result.
///
/// Every listener of a target is handed the same event, memo included; equality and hashing
/// ignore the memo.
public struct ListenEvent: Sendable, Hashable {
    public var snapshot: ListenSnapshot
    /// The journal receipt of the commit; nil for an in-memory store or a reset after an undo.
    public var receipt: JournalReceipt?
    /// Where the server keeps the event's wire encoding, so it is encoded once per commit and
    /// not once per listener.
    public let memo = ListenEventMemo()

    public init(snapshot: ListenSnapshot, receipt: JournalReceipt?) {
        self.snapshot = snapshot
        self.receipt = receipt
    }

    public static func == (lhs: ListenEvent, rhs: ListenEvent) -> Bool {
        lhs.snapshot == rhs.snapshot && lhs.receipt == rhs.receipt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.snapshot)
        hasher.combine(self.receipt)
    }
}
