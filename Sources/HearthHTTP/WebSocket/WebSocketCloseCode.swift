/// The status of a WebSocket close frame (RFC 6455 §7.4), without NIO's types.
public struct WebSocketCloseCode: Sendable, Hashable {
    public let rawValue: UInt16

    public init(_ rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the session is over.
    public static let normalClosure = Self(1000)
    /// 1001: the server is going away (shutting down).
    public static let goingAway = Self(1001)
    /// 1002: the peer broke the protocol (for a handler's own protocol over WebSocket too).
    public static let protocolError = Self(1002)
    /// 1008: a message broke the server's policy.
    public static let policyViolation = Self(1008)
    /// 1009: a message was too big to process.
    public static let messageTooBig = Self(1009)
    /// 1011: the server failed.
    public static let internalError = Self(1011)
}
