import NIOCore
import NIOWebSocket
import Synchronization

/// Everything a WebSocket session sends, in order, without ever waiting, bounded in bytes: a
/// client that stops reading is disconnected instead of being buffered for without limit.
///
/// Why not NIO's async writer alone: it suspends while the connection is not writable, so one
/// task feeding thousands of sessions (a fan-out) would wait on the slowest; and a handler that
/// waits to write cannot also read. Here every message is handed to the event loop at once
/// (`writeAndFlush`, in call order: the hop is made under the lock) and counted until NIO has
/// written it; when bytes not yet taken by the client would go over ``bound``, nothing is
/// queued, the connection is closed and the call reports it. Ping answers and the close frame
/// still go through NIO's writer, and may overtake queued messages, which is allowed.
///
/// As a ``ResponseBodyWriter`` (so a realtime session written for streamed responses serves a
/// WebSocket too) the bytes handed over are **text messages, each ended by a line feed**: one
/// call may carry several messages, and a message cannot contain a raw line feed (compact JSON
/// never does). ``sendText(_:)`` sends one message as it is.
///
/// Cost: one counter and the closures registered with ``onStop(_:)``; the bytes themselves live
/// in NIO's outbound buffer until written.
public final class WebSocketOutbox: ResponseBodyWriter {
    private struct State {
        var pendingBytes = 0
        var pendingMessages = 0
        var closed = false
    }

    private let channel: any Channel
    private let state = Mutex(State())
    /// Bytes handed over but not yet written to the socket beyond which the connection is closed.
    public let bound: Int

    init(channel: any Channel, bound: Int) {
        self.channel = channel
        self.bound = bound
    }

    /// Bytes queued and not yet written (for tests and metrics).
    public var pendingBytes: Int { self.state.withLock { $0.pendingBytes } }

    /// Queues one text message exactly as given; false (and the connection closing) when it
    /// would go over the bound, or once the connection has closed.
    @discardableResult
    public func sendText(_ text: String) -> Bool {
        var buffer = self.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        return self.enqueue([buffer], backlog: .max)
    }

    public func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        self.enqueue(Self.messages(in: bytes.buffer), backlog: backlog)
    }

    /// As ``send(_:backlog:)``, but throws ``HTTPServerError/clientDisconnected`` when refused.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard self.enqueue(Self.messages(in: ByteBuffer(bytes: bytes)), backlog: .max) else { throw HTTPServerError.clientDisconnected }
    }

    public func abort() {
        self.state.withLock { $0.closed = true }
        self.channel.close(promise: nil)
    }

    public func onStop(_ action: @escaping @Sendable () -> Void) {
        self.channel.closeFuture.whenComplete { _ in action() }
    }

    /// The LF-ended messages in `buffer` (a last one without LF counts too), as slices.
    static func messages(in buffer: ByteBuffer) -> [ByteBuffer] {
        var messages: [ByteBuffer] = []
        var rest = buffer
        while rest.readableBytes > 0 {
            let view = rest.readableBytesView
            let end = view.firstIndex(of: 0x0A).map { $0 - view.startIndex } ?? rest.readableBytes
            if end > 0, let slice = rest.getSlice(at: rest.readerIndex, length: end) { messages.append(slice) }
            rest.moveReaderIndex(forwardBy: min(end + 1, rest.readableBytes))
        }
        return messages
    }

    private func enqueue(_ messages: [ByteBuffer], backlog: Int) -> Bool {
        guard !messages.isEmpty else { return !self.state.withLock { $0.closed } }
        let size = messages.reduce(0) { $0 + $1.readableBytes }
        let accepted = self.state.withLock { state -> Bool in
            guard !state.closed else { return false }
            // A message larger than the bound alone still goes when nothing else waits.
            if state.pendingBytes > 0, state.pendingBytes + size > self.bound || state.pendingMessages >= backlog {
                state.closed = true
                return false
            }
            state.pendingBytes += size
            state.pendingMessages += messages.count
            let channel = self.channel
            channel.eventLoop.execute {
                for message in messages {
                    let written = channel.write(WebSocketFrame(fin: true, opcode: .text, data: message))
                    let count = message.readableBytes
                    written.whenComplete { _ in self.release(count) }
                }
                channel.flush()
            }
            return true
        }
        if !accepted { self.channel.close(promise: nil) }
        return accepted
    }

    private func release(_ bytes: Int) {
        self.state.withLock { state in
            state.pendingBytes -= bytes
            state.pendingMessages -= 1
        }
    }
}
