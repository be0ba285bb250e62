/// Serves one WebSocket session, on a task of its own, until it returns or the client closes.
public protocol WebSocketHandler: Sendable {
    /// Receives and sends messages through `session`; the connection is closed when it returns.
    func serve(_ session: WebSocketSession) async throws
}
