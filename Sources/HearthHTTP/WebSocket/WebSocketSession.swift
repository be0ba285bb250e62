import NIOCore
import NIOWebSocket

/// One WebSocket connection as its handler sees it: messages in, messages out, no frames.
///
/// NIO's codec does the framing: frames larger than
/// ``HTTPServerConfiguration/webSocketMaxFrameSize`` and messages larger than
/// ``HTTPServerConfiguration/webSocketMaxMessageSize`` close the connection with 1009 (message
/// too big), so a session holds at most two messages read ahead and one being assembled. Pings
/// are answered here; a close from the client is answered and ends ``receive()``. Everything
/// the handler sends goes through ``outbox``, in order and without waiting, bounded in bytes
/// (``HTTPServerConfiguration/streamBufferSize``): a client that stops reading is disconnected.
///
/// Not `Sendable`: it is used by the task serving the session.
public final class WebSocketSession {
    typealias Channel = NIOAsyncChannel<WebSocketFrame, WebSocketFrame>

    private var inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    private let allocator: ByteBufferAllocator
    private var closed = false
    /// Where messages leave, for this task and any other (a fan-out delivering events).
    public let outbox: WebSocketOutbox

    init(
        inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        outbox: WebSocketOutbox, allocator: ByteBufferAllocator
    ) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.outbox = outbox
        self.allocator = allocator
    }

    /// The next message, or nil once the client closed the session (or the connection ended).
    /// Kept lean (its frame stays allocated while the handler waits for a message, for the
    /// connection's whole life): what a frame means is told by a synchronous function, and
    /// the answers to pings and closes are written by functions of their own.
    public func receive() async throws -> WebSocketMessage? {
        while !self.closed, let frame = try await self.inbound.next() {
            switch Self.meaning(of: frame) {
            case .message(let message):
                return message
            case .ping(let data):
                try await self.pong(data)
            case .close(let data):
                try await self.close(echoing: data)
                return nil
            case .ignored:
                continue
            }
        }
        return nil
    }

    /// What a frame from the client is to ``receive()``.
    private enum Meaning {
        case message(WebSocketMessage)
        case ping(ByteBuffer)
        case close(ByteBuffer)
        case ignored
    }

    @inline(never)
    private static func meaning(of frame: WebSocketFrame) -> Meaning {
        let data = frame.unmaskedData
        switch frame.opcode {
        case .text: return .message(.text(String(buffer: data)))
        case .binary: return .message(.binary(Array(data.readableBytesView)))
        case .ping: return .ping(data)
        case .connectionClose: return .close(data)
        default: return .ignored
        }
    }

    @inline(never)
    private func pong(_ data: ByteBuffer) async throws {
        try await self.outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: data))
    }

    /// Sends one message in one frame: text through ``outbox`` (in order with what others queue
    /// there; throws ``HTTPServerError/clientDisconnected`` when the client is too far behind),
    /// binary through NIO's writer (waiting while the connection is not writable).
    public func send(_ message: WebSocketMessage) async throws {
        switch message {
        case .text(let text):
            guard self.outbox.sendText(text) else { throw HTTPServerError.clientDisconnected }
        case .binary(let bytes):
            try await self.outbound.write(WebSocketFrame(fin: true, opcode: .binary, data: self.allocator.buffer(bytes: bytes)))
        }
    }

    /// Sends a close frame with `code` (normal closure, 1000, by default) and `reason` (at most
    /// 123 bytes of UTF-8 are kept, as RFC 6455 allows) unless one was sent; the connection
    /// closes when the handler returns.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async throws {
        var data = self.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: Int(code.rawValue)))
        data.writeBytes(reason.utf8.prefix(123))
        try await self.close(echoing: data)
    }

    @inline(never)
    private func close(echoing data: ByteBuffer) async throws {
        guard !self.closed else { return }
        self.closed = true
        try await self.outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
    }
}
