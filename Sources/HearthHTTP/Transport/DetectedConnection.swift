import NIOCore
import NIOHTTP2

/// A connection once its protocol is known, with its pipeline set up for it: what
/// ``HTTPServer`` serves.
enum DetectedConnection: Sendable {
    /// HTTP/1.1: the request/response channel ``HTTPConnection`` serves.
    case http1(HTTPServer.ConnectionChannel)
    /// HTTP/1.1 on a server with a ``WebSocketResponder``: what the first request made of it.
    case upgradable(EventLoopFuture<HTTP1Upgrade>)
    /// HTTP/2: the stream multiplexer; each inbound stream is served by ``HTTP2StreamExchange``.
    case http2(NIOHTTP2Handler.AsyncStreamMultiplexer<HTTP2StreamExchange.StreamChannel>)
}
