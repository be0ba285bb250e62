public import HearthCore

/// A journal's position for one ``AuthChange`` (`JournalPosition` orders them).
public struct AuthJournalReceipt: JournalPosition {
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
