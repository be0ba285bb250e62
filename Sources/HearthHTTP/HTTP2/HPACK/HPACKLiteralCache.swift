import NIOCore

/// The last few Huffman-coded values one connection's client sent in literals it kept out of
/// the dynamic table, each by its coded bytes and with the string it decodes to.
///
/// Why: clients keep some fields out of the dynamic table that they send the same on every
/// call: nghttp2 (h2load, curl) never indexes `:path`, since a path is usually a one-off URL,
/// nor `authorization`, since it is sensitive; yet a gRPC client names the same few methods
/// with the same token on every call. Decoding those two (the Huffman walk, a byte array, a
/// string each) was 3.8 % of a gRPC GetDocument's server CPU (perf); a hit is a comparison of
/// some 30 bytes and a retain. The cache is the connection's own, like its dynamic table.
/// Cost: nothing until the first such literal; then at most ``capacity`` entries of at most
/// ``maxCodedBytes`` bytes and their strings.
struct HPACKLiteralCache {
    static let capacity = 4
    /// Longer values are decoded every time (a REST URL with a long query, not a method name).
    static let maxCodedBytes = 128

    private var entries: [(coded: [UInt8], value: String)] = []
    /// The entry the next miss replaces once the cache is full (round robin).
    private var next = 0

    /// The string `coded` decodes to, if it is one of the last few.
    func value(coded: ByteBuffer) -> String? {
        coded.withUnsafeReadableBytes { bytes in
            for entry in self.entries where entry.coded.count == bytes.count {
                if entry.coded.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return entry.value }
            }
            return nil
        }
    }

    /// Remembers that `coded` decodes to `value`.
    mutating func remember(_ value: String, coded: ByteBuffer) {
        guard coded.readableBytes <= Self.maxCodedBytes else { return }
        let entry = (coded: Array(coded.readableBytesView), value: value)
        if self.entries.count < Self.capacity {
            self.entries.append(entry)
        } else {
            self.entries[self.next] = entry
            self.next = (self.next + 1) % Self.capacity
        }
    }
}
