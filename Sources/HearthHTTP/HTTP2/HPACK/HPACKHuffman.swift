/// HPACK's Huffman code (RFC 7541 Appendix B), decoding only.
///
/// The code is canonical (codes of one length are consecutive, in symbol order, and shorter
/// codes come first), so the table is the code length of each of the 257 symbols. From it the
/// code's tree is built once, and from the tree a table that decodes four bits at a time: for
/// each of the tree's 256 inner nodes and each 4-bit group, the node reached, and the symbol
/// completed on the way, if any (no code is shorter than 5 bits, so at most one). Decoding is
/// two lookups per byte instead of a step per bit: a client's first request on a connection
/// carries its header values Huffman-coded, and a value the client keeps out of its dynamic
/// table is decoded again whenever ``HPACKLiteralCache`` no longer holds it. Cost: 16 KiB, once
/// per process.
enum HPACKHuffman {
    /// The code length of symbols 0 to 255 and of EOS (256), in bits (Appendix B).
    static let lengths: [UInt8] = [
        13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,
        28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,
        5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
        13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
        15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,
        6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
        20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,
        24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,
        22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,
        21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,
        26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,
        19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,
        20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,
        26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,
        30,
    ]

    /// One entry of ``table``: the inner node reached (bits 0 to 7), the symbol completed on
    /// the way (bits 8 to 16, when ``emits`` is set), and whether EOS was reached (``fails``).
    private static let emits: UInt32 = 1 << 17
    private static let fails: UInt32 = 1 << 18

    /// The decoding table: 16 entries (one per 4-bit group) for each of the 256 inner nodes,
    /// the root being node 0; and which nodes may end a string (padding: at most 7 bits, all
    /// ones, from the root).
    private static let (table, endsString): ([UInt32], [Bool]) = {
        // The canonical codes: per length, codes follow each other in symbol order.
        var code = 0
        var codes = [Int](repeating: 0, count: lengths.count)
        for length in 1...30 {
            for symbol in lengths.indices where Int(lengths[symbol]) == length {
                codes[symbol] = code
                code += 1
            }
            code <<= 1
        }
        // The tree: inner nodes numbered as made (0 the root), children as inner (> 0), a leaf
        // (-1 - symbol) or not made yet (0: the root is nobody's child).
        var children: [[Int]] = [[0, 0]]
        var depth = [0]
        var ones = [true]
        for symbol in lengths.indices {
            var node = 0
            let length = Int(lengths[symbol])
            for position in stride(from: length - 1, through: 0, by: -1) {
                let bit = codes[symbol] >> position & 1
                if position == 0 {
                    children[node][bit] = -1 - symbol
                } else if children[node][bit] > 0 {
                    node = children[node][bit]
                } else {
                    children.append([0, 0])
                    depth.append(depth[node] + 1)
                    ones.append(ones[node] && bit == 1)
                    children[node][bit] = children.count - 1
                    node = children.count - 1
                }
            }
        }
        var table = [UInt32](repeating: 0, count: children.count * 16)
        for start in children.indices {
            for group in 0..<16 {
                var node = start
                var entry: UInt32 = 0
                for position in stride(from: 3, through: 0, by: -1) {
                    let next = children[node][group >> position & 1]
                    guard next < 0 else {
                        node = next
                        continue
                    }
                    let symbol = -1 - next
                    if symbol == 256 { entry |= fails } else { entry |= emits | UInt32(symbol) << 8 }
                    node = 0
                }
                table[start * 16 + group] = entry | UInt32(node)
            }
        }
        return (table, children.indices.map { depth[$0] <= 7 && ones[$0] })
    }()

    /// Decodes `bytes`. Fails on EOS in the string, and on padding longer than 7 bits or not all
    /// ones (§5.2).
    static func decode(_ bytes: some Sequence<UInt8>) throws(HPACKDecodingError) -> [UInt8] {
        var out: [UInt8] = []
        // No code is shorter than 5 bits: at most 8 symbols per 5 bytes.
        out.reserveCapacity(bytes.underestimatedCount * 8 / 5 + 1)
        var node = 0
        let failed = Self.table.withUnsafeBufferPointer { table -> Bool in
            /// One 4-bit group: false at EOS.
            func step(_ group: UInt8) -> Bool {
                let entry = table[node << 4 | Int(group)]
                if entry & Self.emits != 0 { out.append(UInt8(truncatingIfNeeded: entry >> 8)) }
                node = Int(entry & 0xFF)
                return entry & Self.fails == 0
            }
            for byte in bytes {
                guard step(byte >> 4), step(byte & 0xF) else { return true }
            }
            return false
        }
        guard !failed else { throw HPACKDecodingError("a Huffman-coded string holds EOS") }
        guard Self.endsString[node] else { throw HPACKDecodingError("a Huffman-coded string ends with bad padding") }
        return out
    }
}
