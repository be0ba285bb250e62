/// A journal's position for one change; changes become durable in receipt order.
public struct DatabaseJournalReceipt: Sendable, Hashable, Comparable {
    public let sequence: UInt64

    public init(sequence: UInt64) {
        self.sequence = sequence
    }

    public static func < (lhs: DatabaseJournalReceipt, rhs: DatabaseJournalReceipt) -> Bool {
        lhs.sequence < rhs.sequence
    }
}
