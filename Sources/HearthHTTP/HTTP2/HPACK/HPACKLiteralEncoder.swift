import NIOCore
import NIOHPACK

/// Encodes a response's header block (RFC 7541) with no dynamic table: `:status` values the
/// static table holds as one byte, every other field as a literal without indexing and without
/// Huffman coding.
///
/// Why not NIO's `HPACKEncoder`: a server's header blocks are a status, a content type and a
/// few trailers, so the dynamic table would save a few dozen bytes per response on loopback,
/// and it costs a table of 4 KiB and its bookkeeping per connection and a Huffman pass per
/// field. With no dynamic table the peer's SETTINGS_HEADER_TABLE_SIZE needs no answer: any
/// size, 0 included, fits an empty table.
enum HPACKLiteralEncoder {
    /// Appends `headers` as one header block. Names arrive in lower case, as HTTP/2 requires
    /// (RFC 9113 §8.2.1): every block the server sends is made by ``HTTP2Fields``.
    static func encode(_ headers: HPACKHeaders, into buffer: inout ByteBuffer) {
        for (name, value, _) in headers {
            if name == ":status", let index = Self.statusIndex(value) {
                buffer.writeInteger(UInt8(0x80 | index))  // indexed field (§6.1)
                continue
            }
            buffer.writeInteger(UInt8(0x00))  // literal without indexing, new name (§6.2.2)
            Self.writeString(name, into: &buffer)
            Self.writeString(value, into: &buffer)
        }
    }

    /// The static table's index of `:status: value` (RFC 7541 Appendix A), if it has one.
    private static func statusIndex(_ value: String) -> UInt8? {
        switch value {
        case "200": 8
        case "204": 9
        case "206": 10
        case "304": 11
        case "400": 12
        case "404": 13
        case "500": 14
        default: nil
        }
    }

    /// A string literal, not Huffman coded (§5.2): its length as a 7-bit-prefix integer, then
    /// its bytes.
    private static func writeString(_ string: String, into buffer: inout ByteBuffer) {
        Self.writeInteger(string.utf8.count, prefixBits: 7, into: &buffer)
        buffer.writeString(string)
    }

    /// An integer with an N-bit prefix (§5.1), the prefix's other bits zero.
    static func writeInteger(_ value: Int, prefixBits: Int, into buffer: inout ByteBuffer) {
        let limit = (1 << prefixBits) - 1
        guard value >= limit else {
            buffer.writeInteger(UInt8(value))
            return
        }
        buffer.writeInteger(UInt8(limit))
        var rest = value - limit
        while rest >= 128 {
            buffer.writeInteger(UInt8(rest & 0x7F | 0x80))
            rest >>= 7
        }
        buffer.writeInteger(UInt8(rest))
    }
}
