/// A claim on the outcome of one enqueued batch; pass it to ``DurableStore/waitUntilDurable(_:)``.
///
/// Tickets are ordered: a ticket's batch is applied after every batch with a smaller `sequence`
/// from the same store. A ticket only has meaning for the store that issued it.
public struct StorageTicket: Sendable, Hashable, Comparable {
    /// Position of the batch in the store's enqueue order, starting at 1 for each opened store.
    public let sequence: UInt64

    public init(sequence: UInt64) {
        self.sequence = sequence
    }

    public static func < (lhs: StorageTicket, rhs: StorageTicket) -> Bool {
        lhs.sequence < rhs.sequence
    }
}
