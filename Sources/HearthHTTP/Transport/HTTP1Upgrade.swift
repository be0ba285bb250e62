import NIOCore
import NIOWebSocket

/// What the first request of an HTTP/1.1 connection made of it, on a server with a
/// ``WebSocketResponder``: an ordinary HTTP connection, or a WebSocket session.
enum HTTP1Upgrade: Sendable {
    case http(HTTPServer.ConnectionChannel)
    /// The session's channel, its handler and the upgrade request's path (for the log); the
    /// request itself is the handler's to keep or not, for the socket's whole life.
    case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, any WebSocketHandler, path: String)
}
