public import HearthCore

/// A journal's position for one commit; commits become durable in receipt order
/// (`JournalPosition` orders them).
public struct JournalReceipt: JournalPosition {
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
