import NIOCore
import NIOHTTP2

/// A connection once its protocol is known, with its pipeline set up for it: what
/// ``HTTPServer`` serves.
enum DetectedConnection: Sendable {
    /// HTTP/1.1: the request/response channel ``HTTPConnection`` serves.
    case http1(HTTPServer.ConnectionChannel)
    /// HTTP/1.1 on a server with a ``WebSocketResponder``: what the first request made of it.
    case upgradable(EventLoopFuture<HTTP1Upgrade>)
    /// HTTP/2: its streams, each served by ``HTTP2StreamExchange`` on a task of its own.
    case http2(HTTP2ConnectionStreams)
}
