/// One HTTP/2 frame as raw bytes (RFC 9113 §4.1), for tests that speak HTTP/2 with prior
/// knowledge over ``RawHTTPConnection``: build the client's frames exactly, read the server's.
///
/// Header blocks are left as HPACK bytes: ``headersBlock(_:)`` encodes request fields as
/// literals without Huffman coding (any server must accept them); decoding a server's block
/// needs an HPACK decoder (tests use NIO's).
public struct RawHTTP2Frame: Equatable, Sendable {
    public static let data: UInt8 = 0x0
    public static let headers: UInt8 = 0x1
    public static let rstStream: UInt8 = 0x3
    public static let settings: UInt8 = 0x4
    public static let goAway: UInt8 = 0x7
    public static let windowUpdate: UInt8 = 0x8
    public static let endStream: UInt8 = 0x1
    public static let ack: UInt8 = 0x1
    public static let endHeaders: UInt8 = 0x4

    /// The client connection preface.
    public static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    public var type: UInt8
    public var flags: UInt8
    public var stream: UInt32
    public var payload: [UInt8]

    public init(type: UInt8, flags: UInt8 = 0, stream: UInt32 = 0, payload: [UInt8] = []) {
        self.type = type
        self.flags = flags
        self.stream = stream
        self.payload = payload
    }

    /// The frame on the wire: 9-byte header, then the payload.
    public var bytes: [UInt8] {
        let length = self.payload.count
        return [
            UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
            self.type, self.flags,
            UInt8(truncatingIfNeeded: self.stream >> 24) & 0x7F, UInt8(truncatingIfNeeded: self.stream >> 16),
            UInt8(truncatingIfNeeded: self.stream >> 8), UInt8(truncatingIfNeeded: self.stream),
        ] + self.payload
    }

    /// A header block of `fields` as HPACK literals without indexing and without Huffman coding.
    public static func headersBlock(_ fields: [(String, String)]) -> [UInt8] {
        var block: [UInt8] = []
        for (name, value) in fields {
            block.append(0x00)
            block += Self.string(name)
            block += Self.string(value)
        }
        return block
    }

    /// An HPACK string literal (lengths below 127 only: enough for tests).
    private static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        precondition(bytes.count < 127, "test header fields must be shorter than 127 bytes")
        return [UInt8(bytes.count)] + bytes
    }
}
