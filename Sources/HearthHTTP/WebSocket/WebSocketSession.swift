import NIOCore
import NIOWebSocket

/// One WebSocket connection as its handler sees it: messages in, messages out, no frames.
///
/// NIO's codec does the framing: frames larger than
/// ``HTTPServerConfiguration/webSocketMaxFrameSize`` and messages larger than
/// ``HTTPServerConfiguration/webSocketMaxMessageSize`` close the connection with 1009 (message
/// too big), so a session holds at most two messages read ahead and one being assembled. Pings
/// are answered here; a close from the client is answered and ends ``receive()``. ``send(_:)``
/// waits while the client does not read (the connection's write buffer is full).
///
/// Not `Sendable`: it is used by the task serving the session.
public final class WebSocketSession {
    typealias Channel = NIOAsyncChannel<WebSocketFrame, WebSocketFrame>

    private var inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    private let allocator: ByteBufferAllocator
    private var closed = false
    /// The upgrade request (head only).
    public let request: Request

    init(
        inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        allocator: ByteBufferAllocator, request: Request
    ) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.allocator = allocator
        self.request = request
    }

    /// The next message, or nil once the client closed the session (or the connection ended).
    public func receive() async throws -> WebSocketMessage? {
        while !self.closed, let frame = try await self.inbound.next() {
            let data = frame.unmaskedData
            switch frame.opcode {
            case .text:
                return .text(String(buffer: data))
            case .binary:
                return .binary(Array(data.readableBytesView))
            case .ping:
                try await self.outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: data))
            case .connectionClose:
                try await self.close(echoing: data)
                return nil
            default:
                continue
            }
        }
        return nil
    }

    /// Sends one message in one frame.
    public func send(_ message: WebSocketMessage) async throws {
        switch message {
        case .text(let text):
            try await self.outbound.write(WebSocketFrame(fin: true, opcode: .text, data: self.allocator.buffer(string: text)))
        case .binary(let bytes):
            try await self.outbound.write(WebSocketFrame(fin: true, opcode: .binary, data: self.allocator.buffer(bytes: bytes)))
        }
    }

    /// Sends a close frame (normal closure, 1000) unless one was sent; the connection closes
    /// when the handler returns.
    public func close() async throws {
        var data = self.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        try await self.close(echoing: data)
    }

    private func close(echoing data: ByteBuffer) async throws {
        guard !self.closed else { return }
        self.closed = true
        try await self.outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
    }
}
