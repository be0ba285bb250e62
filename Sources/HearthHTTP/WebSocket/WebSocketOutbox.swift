import NIOCore

/// Everything a WebSocket session sends, in order, without ever waiting, bounded in bytes: a
/// client that stops reading is disconnected instead of being buffered for without limit.
///
/// Why not NIO's async writer alone: it suspends while the connection is not writable, so one
/// task feeding thousands of sessions (a fan-out) would wait on the slowest; and a handler that
/// waits to write cannot also read. Messages go through the same `StreamOutbox` (and event
/// loop `StreamFlusher`) as event streams: a push after a quiet spell leaves at once, pushes
/// close together leave in one socket write per `StreamOutbox.window` (a thousand sockets on one
/// location cost a thousand writes per window, not one loop task, promise and flush per
/// message), and an answer the client waits for (``write(_:)``, ``sendText(_:)``) is drained at
/// once, in order behind what was pushed before it. When bytes held for a client would go over
/// ``bound``, nothing is queued, the connection is closed and the call reports it. Ping answers
/// and the close frame still go through NIO's writer, and may overtake queued messages, which
/// is allowed.
///
/// As a ``ResponseBodyWriter`` (so a realtime session written for streamed responses serves a
/// WebSocket too) the bytes handed over are **text messages, each ended by a line feed**: one
/// call may carry several messages, and a message cannot contain a raw line feed (compact JSON
/// never does); each line leaves as one text frame.
///
/// Cost: the outbox's small state; bytes pushed to many sockets at once are held once, by
/// reference, until each socket's drain hands them to NIO.
public final class WebSocketOutbox: ResponseBodyWriter {
    private let channel: any Channel
    /// Where drains write their frames, found once (``EncoderContextCache``).
    private let encoder: EncoderContextCache
    private let outbox: StreamOutbox
    /// Bytes held for the client (not yet handed to NIO) beyond which the connection is closed.
    public let bound: Int

    init(channel: any Channel, flusher: StreamFlusher, bound: Int) {
        self.channel = channel
        self.encoder = EncoderContextCache(eventLoop: channel.eventLoop)
        self.outbox = StreamOutbox(flusher: flusher)
        self.bound = bound
    }

    /// Bytes queued and not yet handed to NIO (for tests and metrics).
    public var pendingBytes: Int { self.outbox.pendingBytes }

    /// Queues `text` as text messages, one per line (it is one message when it has no raw line
    /// feed), drained at once; false (and the connection closing) when it would go over the
    /// bound, or once the connection has closed.
    @discardableResult
    public func sendText(_ text: String) -> Bool {
        self.enqueue(Self.lines(Array(text.utf8)), backlog: .max, immediate: true)
    }

    public func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        self.enqueue(bytes, backlog: backlog, immediate: false)
    }

    /// As ``sendText(_:)`` for bytes holding LF-ended messages; throws
    /// ``HTTPServerError/clientDisconnected`` when refused. Never waits.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard self.enqueue(Self.lines(bytes), backlog: .max, immediate: true) else { throw HTTPServerError.clientDisconnected }
    }

    public func abort() {
        self.channel.close(promise: nil)
    }

    public func onStop(_ action: @escaping @Sendable () -> Void) {
        self.channel.closeFuture.whenComplete { _ in action() }
    }

    /// Calls `body` with each LF-ended message in `buffer` (a last one without LF counts too),
    /// as a slice; empty lines are skipped. No list is built: a drain frames its messages as it
    /// finds them (the lists were two allocations per drain of a thousand sockets' each).
    static func forEachMessage(in buffer: ByteBuffer, _ body: (ByteBuffer) -> Void) {
        var rest = buffer
        while rest.readableBytes > 0 {
            let view = rest.readableBytesView
            let end = view.firstIndex(of: 0x0A).map { $0 - view.startIndex } ?? rest.readableBytes
            if end > 0, let slice = rest.getSlice(at: rest.readerIndex, length: end) { body(slice) }
            rest.moveReaderIndex(forwardBy: min(end + 1, rest.readableBytes))
        }
    }

    /// `bytes` ended by a line feed, shared.
    private static func lines(_ bytes: [UInt8]) -> SharedBytes {
        bytes.last == 0x0A ? SharedBytes(bytes) : SharedBytes(bytes + [0x0A])
    }

    /// Queues whole messages: a piece not ended by a line feed gets one, so a piece appended
    /// behind it in the outbox cannot run into its last message.
    private func enqueue(_ bytes: SharedBytes, backlog: Int, immediate: Bool) -> Bool {
        guard self.channel.isActive else { return false }
        guard !bytes.isEmpty else { return !self.outbox.isCutOff }
        var whole = bytes
        if bytes.buffer.getInteger(at: bytes.buffer.writerIndex - 1, as: UInt8.self) != 0x0A {
            whole = Self.lines(bytes.bytes)
        }
        let drain = self.outbox.add(
            whole, backlog: backlog, bound: self.bound, writable: self.channel.isWritable, immediate: immediate)
        guard let drain else {
            self.channel.close(promise: nil)
            return false
        }
        self.outbox.schedule(drain, into: .webSocketText(self.channel, self.encoder))
        return true
    }
}
