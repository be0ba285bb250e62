/// What a transaction may do (`TransactionOptions` on the wire).
public enum TransactionMode: Sendable, Hashable {
    /// Reads and writes; reads see the latest data and are validated at commit.
    case readWrite
    /// Reads only, all at one consistent time: the given `readTime`, or the time it began.
    case readOnly(readTime: Timestamp?)
}
