import NIOCore

/// Where a `StreamOutbox` drains, and how its bytes are framed there: an HTTP/1.1 response's
/// body (through the response encoder, or as chunks framed below it), a WebSocket's text
/// messages, or one stream of an HTTP/2 connection, which has no channel of its own
/// (``HTTP2ServerStream``). The outbox's bytes are opaque to it; the sink decides how they leave.
enum StreamSink: Sendable {
    /// As HTTP body parts through the response encoder (a body with a `Content-Length`, or one
    /// that ends when the connection closes), sliced freely.
    case httpBody(any Channel)
    /// As HTTP/1.1 chunks framed here and written below the response encoder
    /// (``StreamOutbox/writeChunks(_:promise:into:encoder:)``), sliced freely: a chunked body's usual
    /// case, an event stream.
    case httpChunks(any Channel, EncoderContextCache)
    /// As WebSocket text frames, one per line-feed-ended line (`WebSocketOutbox`), framed here
    /// and written below the frame encoder (``StreamOutbox/writeWebSocketText(_:promise:into:encoder:)``).
    /// Pieces leave whole, never sliced, so no message is cut across two drains.
    case webSocketText(any Channel, EncoderContextCache)
    /// As DATA frames on one HTTP/2 stream (``HTTP2StreamBody``: a gRPC Listen call's
    /// messages), sliced freely (a gRPC message may span frames). The stream is writable while
    /// the client's flow-control window and the stream's outbound buffer have room, so a drain
    /// stops, and retries a window later, when the client does not read.
    case http2(HTTP2ServerStream)

    var eventLoop: any EventLoop {
        switch self {
        case .httpBody(let channel), .httpChunks(let channel, _), .webSocketText(let channel, _): channel.eventLoop
        case .http2(let stream): stream.eventLoop
        }
    }

    /// Whether a drain may hand it bytes now: it has room, or it has closed (the bytes are
    /// dropped by the write, whose failure releases the producers waiting on them).
    var takesBytes: Bool {
        switch self {
        case .httpBody(let channel), .httpChunks(let channel, _), .webSocketText(let channel, _): channel.isWritable || !channel.isActive
        case .http2(let stream): stream.isWritable || !stream.isActive
        }
    }

    /// Whether a piece must leave in one drain (a WebSocket message), rather than be sliced.
    var keepsPiecesWhole: Bool {
        if case .webSocketText = self { true } else { false }
    }
}
