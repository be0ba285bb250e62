/// An HTTP response as read off the wire by ``RawHTTPConnection``: nothing normalised, so
/// tests can check exactly what a server sent.
public struct RawHTTPResponse: Sendable {
    /// The status code from the status line.
    public var status: Int
    /// The reason phrase from the status line.
    public var reason: String
    /// The HTTP version from the status line, e.g. `HTTP/1.1`.
    public var version: String
    /// Header fields in the order received.
    public var headers: [(String, String)]
    /// The body after removing chunked framing, if any.
    public var body: [UInt8]
    /// Whether the body was sent with chunked transfer-encoding.
    public var wasChunked: Bool

    public init(
        status: Int,
        reason: String,
        version: String = "HTTP/1.1",
        headers: [(String, String)],
        body: [UInt8],
        wasChunked: Bool = false
    ) {
        self.status = status
        self.reason = reason
        self.version = version
        self.headers = headers
        self.body = body
        self.wasChunked = wasChunked
    }

    /// The first value of the header `name` (ASCII case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return self.headers.first { $0.0.lowercased() == wanted }?.1
    }

    /// Every value of the header `name` (ASCII case-insensitive), in order.
    public func headerValues(_ name: String) -> [String] {
        let wanted = name.lowercased()
        return self.headers.filter { $0.0.lowercased() == wanted }.map(\.1)
    }

    /// The body decoded as UTF-8 (invalid bytes become U+FFFD).
    public var bodyText: String {
        String(decoding: self.body, as: UTF8.self)
    }
}
