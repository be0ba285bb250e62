import NIOCore
import NIOHPACK

/// Encodes one connection's response header blocks (RFC 7541): `:status` values the static
/// table holds as one byte, the few fields every response repeats (``isIndexed(_:)``: a gRPC
/// response's `content-type`, `grpc-accept-encoding` and `grpc-status`) put in the dynamic
/// table once and sent as one byte after that, every other field as a literal without
/// indexing and without Huffman coding.
///
/// Why a dynamic table, and only for those: with the client on the same machine (an emulator's
/// case), the client's own cost per response counts. A literal costs the client's decoder a
/// copy and an allocation per field on every call (nghttp2 makes a buffer for each); an indexed
/// field is a table lookup. Fields that change per response (`content-length`, `etag`,
/// `grpc-message`) would only churn the table, so they stay literals, and the table never
/// evicts: it holds at most ``maxUsedSize`` bytes, a few entries, and what no longer fits is
/// sent as a literal.
///
/// Why not NIO's `HPACKEncoder`: it keeps a 4 KiB table per connection, indexes every field and
/// Huffman-codes each one.
struct HPACKHeaderEncoder {
    /// Whether values of field `name` repeat from response to response (a switch, not a set:
    /// no hashing per field).
    static func isIndexed(_ name: String) -> Bool {
        switch name {
        case "content-type", "grpc-accept-encoding", "grpc-encoding", "grpc-status", "content-encoding": true
        default: false
        }
    }
    /// The most this encoder puts in the dynamic table (entry sizes as §4.1 counts them).
    static let maxUsedSize = 1_024

    /// The dynamic table, oldest entry first (the newest is index 62).
    private var entries: [(name: String, value: String, size: Int)] = []
    private var usedSize = 0
    /// The table size the client allows (SETTINGS_HEADER_TABLE_SIZE): 4,096 until it says
    /// otherwise; only ever lowered here.
    private var limit = 4_096
    /// A lowered limit the next block must announce (§4.2, §6.3) before its first field.
    private var pendingSizeUpdate: Int?

    /// The client's SETTINGS_HEADER_TABLE_SIZE. A smaller table than the one in use must be
    /// announced by the next block, and evicts the oldest entries as the client's decoder will;
    /// a larger one changes nothing (the encoder may use less than it is allowed).
    mutating func clientTableSize(_ size: Int) {
        guard size < self.limit else { return }
        self.limit = size
        self.pendingSizeUpdate = size
        var drop = 0
        while self.usedSize > size {
            self.usedSize -= self.entries[drop].size
            drop += 1
        }
        self.entries.removeFirst(drop)
    }

    /// Appends `headers` as one header block. Names arrive in lower case, as HTTP/2 requires
    /// (RFC 9113 §8.2.1): every block the server sends is made by ``HTTP2Fields``.
    mutating func encode(_ headers: HPACKHeaders, into buffer: inout ByteBuffer) {
        if let size = self.pendingSizeUpdate {
            Self.writeInteger(size, prefix: 0x20, prefixBits: 5, into: &buffer)  // dynamic table size update (§6.3)
            self.pendingSizeUpdate = nil
        }
        for (name, value, _) in headers {
            if name == ":status", let index = Self.statusIndex(value) {
                buffer.writeInteger(UInt8(0x80 | index))  // indexed field (§6.1)
            } else if let index = self.index(of: name, value) {
                Self.writeInteger(index, prefix: 0x80, prefixBits: 7, into: &buffer)
            } else {
                // A literal with a new name: with incremental indexing (§6.2.1) when it went into
                // the table, without indexing (§6.2.2) otherwise.
                let indexed = Self.isIndexed(name) && self.insert(name, value)
                buffer.writeInteger(UInt8(indexed ? 0x40 : 0x00))
                Self.writeString(name, into: &buffer)
                Self.writeString(value, into: &buffer)
            }
        }
    }

    /// The index of `name: value` in the dynamic table, if it is there.
    private func index(of name: String, _ value: String) -> Int? {
        for position in self.entries.indices.reversed() where self.entries[position].value == value && self.entries[position].name == name {
            return HPACKStaticTable.entries.count + self.entries.count - position
        }
        return nil
    }

    /// Adds an entry if it fits without evicting one.
    private mutating func insert(_ name: String, _ value: String) -> Bool {
        let size = name.utf8.count + value.utf8.count + 32
        guard self.usedSize + size <= min(self.limit, Self.maxUsedSize) else { return false }
        self.entries.append((name, value, size))
        self.usedSize += size
        return true
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
        Self.writeInteger(string.utf8.count, prefix: 0, prefixBits: 7, into: &buffer)
        buffer.writeString(string)
    }

    /// An integer with an N-bit prefix (§5.1), after the first byte's pattern bits `prefix`.
    static func writeInteger(_ value: Int, prefix: UInt8, prefixBits: Int, into buffer: inout ByteBuffer) {
        let limit = (1 << prefixBits) - 1
        guard value >= limit else {
            buffer.writeInteger(prefix | UInt8(value))
            return
        }
        buffer.writeInteger(prefix | UInt8(limit))
        var rest = value - limit
        while rest >= 128 {
            buffer.writeInteger(UInt8(rest & 0x7F | 0x80))
            rest >>= 7
        }
        buffer.writeInteger(UInt8(rest))
    }
}
