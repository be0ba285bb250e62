/// One complete WebSocket message (its fragments joined), as a handler reads or writes it.
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}
