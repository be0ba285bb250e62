import NIOCore

/// An HTTP/2 stream's body as a ``ResponseBodyWriter`` that never waits
/// (``HTTP2ResponseWriter/streamBody(bound:)``): what is sent goes through a `StreamOutbox` on
/// the stream, drained as DATA frames by its event loop's `StreamFlusher`, exactly as
/// an event stream's body or a WebSocket's messages are. For a producer feeding thousands of
/// streams (a gRPC Listen call's realtime session), where waiting for each stream's flow
/// control would cost a task wake, a hop to the loop and a flush per message.
///
/// A piece sent after a quiet spell leaves at once; pieces within `StreamOutbox.window` of the
/// last write leave together, in one write and one flush. Bounded in bytes: ``send(_:backlog:)``
/// refuses a piece that would bring the bytes held over ``bound`` (or comes when `backlog`
/// pieces wait while the stream is not writable) and cuts the stream off, dropping what it
/// held. The outbox drains only while the stream is writable (the client's
/// flow-control window and the stream's outbound buffer have room), so a client that does not
/// read holds at most ``bound`` (or one larger piece) here plus the stream's outbound buffer.
/// The bytes are opaque: a caller frames its own messages.
///
/// ``write(_:)`` does not wait either: it queues its bytes past the bound and drains them at
/// once, for a producer's final words (an error, the end of a session), which must still go out
/// after a cut-off. The stream's end (``HTTP2ResponseWriter/finish(trailers:)``) drains
/// whatever is left before the trailers.
///
/// Cost: the outbox's small state per stream; bytes sent to many streams at once are held once,
/// by reference, until each stream's drain hands them to NIO.
public final class HTTP2StreamBody: ResponseBodyWriter {
    private let stream: HTTP2ServerStream
    private let outbox: StreamOutbox
    /// Bytes held for the client (not yet handed to NIO) beyond which ``send(_:backlog:)`` cuts
    /// the stream off.
    public let bound: Int

    init(stream: HTTP2ServerStream, flusher: StreamFlusher, bound: Int) {
        self.stream = stream
        self.outbox = StreamOutbox(flusher: flusher)
        self.bound = bound
    }

    /// Whether a ``send(_:backlog:)`` was refused and the stream cut off.
    public var isCutOff: Bool { self.outbox.isCutOff }

    /// Bytes queued and not yet handed to NIO (for tests and metrics).
    public var pendingBytes: Int { self.outbox.pendingBytes }

    public func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard self.stream.isActive else { return false }
        guard let drain = self.outbox.add(bytes, backlog: backlog, bound: self.bound, writable: self.stream.isWritable) else {
            return false
        }
        self.schedule(drain)
        return true
    }

    /// Queues `bytes` past the bound and drains them at once, without waiting for the client.
    /// - Throws: ``HTTPServerError/clientDisconnected`` once the stream has closed.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard self.stream.isActive else { throw HTTPServerError.clientDisconnected }
        let drain =
            self.outbox.add(SharedBytes(bytes), backlog: .max, bound: .max, writable: true, immediate: true)
            // Cut off: the outbox takes final bytes this way only.
            ?? self.outbox.add(bytes, allocator: self.stream.allocator, waiter: nil)
        self.schedule(drain)
    }

    /// Resets the stream; what it held is dropped.
    public func abort() {
        self.stream.reset()
    }

    /// Runs `action` once the stream has closed (the client reset it, the connection went away).
    public func onStop(_ action: @escaping @Sendable () -> Void) {
        self.stream.onClose(action)
    }

    /// On the event loop: hands everything held to the stream, writable or not (what the
    /// response writes next, its end, must come after it).
    func drainAll() {
        self.outbox.drain(into: .http2(self.stream), ending: true)
    }

    private func schedule(_ drain: StreamOutbox.Drain) {
        self.outbox.schedule(drain, into: .http2(self.stream))
    }
}
