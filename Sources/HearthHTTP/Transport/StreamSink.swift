import NIOCore

/// Where a `StreamOutbox` drains: a channel (an HTTP/1.1 connection's response, a WebSocket),
/// or one stream of an HTTP/2 connection, which has no channel of its own
/// (``HTTP2ServerStream``).
enum StreamSink: Sendable {
    case channel(any Channel)
    case http2(HTTP2ServerStream)

    var eventLoop: any EventLoop {
        switch self {
        case .channel(let channel): channel.eventLoop
        case .http2(let stream): stream.eventLoop
        }
    }

    /// Whether a drain may hand it bytes now: it has room, or it has closed (the bytes are
    /// dropped by the write, whose failure releases the producers waiting on them).
    var takesBytes: Bool {
        switch self {
        case .channel(let channel): channel.isWritable || !channel.isActive
        case .http2(let stream): stream.isWritable || !stream.isActive
        }
    }
}
