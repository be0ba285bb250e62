/// Decides which HTTP/1.1 upgrade requests become WebSocket sessions, and who serves them: the
/// hook where the Realtime Database's WebSocket protocol will plug in.
///
/// Asked (on the event loop, so it must be cheap and never wait) for the first request of a
/// connection that asks to upgrade to `websocket` (`Upgrade: websocket`, a `Sec-WebSocket-Key`,
/// version 13). A handler accepts it: the server answers `101 Switching Protocols` and runs the
/// handler with the session. nil refuses it: the request is then answered like any other by the
/// ``HTTPResponder`` (and the connection closed after it). As in NIO, only a connection's first
/// request can upgrade.
public protocol WebSocketResponder: Sendable {
    /// The handler for a WebSocket session on `request` (head only, no body), or nil to refuse.
    func handler(for request: Request) -> (any WebSocketHandler)?
}
