import NIOHTTP2

/// A client broke HTTP/2 in a way that ends its connection (RFC 9113 §5.4.1): the server sends
/// GOAWAY with `code` and `message` as its debug data, then closes. `message` says what was
/// wrong, for whoever reads the client's log or a packet capture.
struct HTTP2ConnectionError: Error, CustomStringConvertible {
    let code: HTTP2ErrorCode
    let message: String

    init(_ code: HTTP2ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "HTTP/2 connection error \(self.code): \(self.message)" }
}
