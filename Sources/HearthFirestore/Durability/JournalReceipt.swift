/// A journal's position for one entry; entries become durable in receipt order.
public struct JournalReceipt: Sendable, Hashable, Comparable {
    public let sequence: UInt64

    public init(sequence: UInt64) {
        self.sequence = sequence
    }

    public static func < (lhs: JournalReceipt, rhs: JournalReceipt) -> Bool {
        lhs.sequence < rhs.sequence
    }
}
