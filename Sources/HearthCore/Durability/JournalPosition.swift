/// What every journal receipt is: a position in its journal, entries becoming durable in
/// position order. Each store module names its own receipt type (Firestore's `JournalReceipt`,
/// the Realtime Database's `DatabaseJournalReceipt`) so its API needs no other import; the
/// undo mechanism (``PendingChanges``) is written once against this.
public protocol JournalPosition: Sendable, Hashable, Comparable {
    var sequence: UInt64 { get }
    init(sequence: UInt64)
}

extension JournalPosition {
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.sequence < rhs.sequence
    }
}
