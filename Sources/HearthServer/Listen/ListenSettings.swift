/// How Firestore listen streams behave.
public struct ListenSettings: Sendable {
    /// A keep-alive comment is sent this often, so proxies keep idle streams open, clients that
    /// vanished without closing are noticed, and the rules are re-checked. Also the grace a
    /// reader cut off for falling behind gets to read its final `error` event.
    public var keepAlive: Duration = .seconds(15)
    /// Snapshots a stream may have waiting, beyond the socket buffers and NIO's 64 KiB, while
    /// its client does not read, before it is cut off as too slow (`--listen-buffer`).
    public var bufferedSnapshots = 256
    /// Bytes of snapshots a stream may hold for a client that does not read them, counted
    /// before they reach the connection (`--stream-buffer`; the transport bounds the rest):
    /// snapshots that arrive before the first one was written wait within this bound too.
    public var bufferedBytes = 1024 * 1024

    public init() {}
}
