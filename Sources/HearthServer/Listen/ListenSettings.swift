/// How Firestore listen streams behave.
public struct ListenSettings: Sendable {
    /// A keep-alive comment is sent this often, so proxies keep idle streams open and vanished
    /// clients are noticed (and the rules re-checked).
    public var keepAlive: Duration = .seconds(15)
    /// Snapshots a stream may have waiting before its reader is cut off as too slow.
    public var bufferedSnapshots = 256

    public init() {}
}
