/// Where a streamed ``ResponseBody`` writes its bytes.
///
/// Each ``write(_:)`` is flushed to the socket immediately, so small event-stream messages are
/// not held back. It suspends while the connection is not writable (the client is not reading
/// fast enough), so a stalled client costs at most the channel's write buffer in memory (about
/// 64 KiB) rather than growing without bound. Once the client has gone away it throws, which is
/// the signal for a long-running stream to stop.
public protocol ResponseBodyWriter: Sendable {
    /// Writes and flushes `bytes`; an empty array is a no-op.
    func write(_ bytes: [UInt8]) async throws
}
