import Testing

@testable import HearthHTTP

/// The first bytes of a connection tell HTTP/2 with prior knowledge from HTTP/1.1, as soon as
/// they can and never before.
struct ProtocolDetectionTests {
    @Test(arguments: [
        ("GET / HTTP/1.1\r\n", ProtocolDetection?.some(.http1)),
        ("G", .http1),
        ("PATCH /v1/x HTTP/1.1\r\n", .http1),
        ("PUT", .http1),
        ("POST", .http1),
        ("PRI * HTTP/1.1\r\n", .http1),
        ("", nil),
        ("P", nil),
        ("PR", nil),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r", nil),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .http2),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\u{4}", .http2),
        ("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n", .http1),
    ])
    func firstBytesTellTheProtocol(bytes: String, expected: ProtocolDetection?) {
        #expect(ProtocolDetection.detect(Array(bytes.utf8)) == expected)
    }
}
