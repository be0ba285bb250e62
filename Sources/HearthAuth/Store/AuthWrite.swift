/// What a write to the ``AccountStore`` returns: its result, and the receipt to wait on
/// (``AccountStore/waitUntilDurable(_:)``) before acknowledging it; nil when nothing was
/// written or the store is in memory.
public struct AuthWrite<Value: Sendable>: Sendable {
    public let value: Value
    public let receipt: AuthJournalReceipt?
}
