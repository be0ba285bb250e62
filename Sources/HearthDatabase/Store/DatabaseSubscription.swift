/// A registered change sink; pass it to ``DatabaseStore/unsubscribe(_:)`` to stop deliveries.
public struct DatabaseSubscription: Sendable, Hashable {
    let id: UInt64
}

/// Called under the store's lock with each committed change, in commit order, and the whole
/// tree after it. It must only enqueue (never block or call back into the store). Retaining
/// `root` is safe but makes the next write copy the child arrays along its path, so derive
/// what is needed (``DatabaseListener/events(for:root:)``) and drop it. `receipt` is what to
/// pass to ``DatabaseStore/waitUntilDurable(_:)`` before telling a client (nil in memory).
public typealias DatabaseChangeSink = @Sendable (_ change: DatabaseChange, _ root: DatabaseNode, _ receipt: DatabaseJournalReceipt?) -> Void
