public import HearthCore

/// A journal's position for one change (`JournalPosition` orders them).
public struct DatabaseJournalReceipt: JournalPosition {
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
