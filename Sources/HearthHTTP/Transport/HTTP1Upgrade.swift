import NIOCore
import NIOWebSocket

/// What the first request of an HTTP/1.1 connection made of it, on a server with a
/// ``WebSocketResponder``: an ordinary HTTP connection, or a WebSocket session.
enum HTTP1Upgrade: Sendable {
    case http(HTTPServer.ConnectionChannel)
    case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, any WebSocketHandler, Request)
}
