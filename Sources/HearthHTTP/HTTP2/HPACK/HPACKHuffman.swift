/// HPACK's Huffman code (RFC 7541 Appendix B), decoding only.
///
/// The code is canonical (codes of one length are consecutive, in symbol order, and shorter
/// codes come first), so the table is the code length of each of the 257 symbols, and a code is
/// recognised by its length and its distance from the first code of that length: one pass over
/// the bits, no tree. A string is a few dozen bytes (a header's value, once per connection: the
/// client's dynamic table carries it after that).
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

    /// The canonical code's tables: per length, its first code, how many codes it has, and where
    /// its symbols start in `symbols` (all symbols ordered by length, then value).
    private struct Tables {
        var first = [Int](repeating: 0, count: 31)
        var count = [Int](repeating: 0, count: 31)
        var offset = [Int](repeating: 0, count: 31)
        var symbols: [Int] = []
    }

    private static let tables: Tables = {
        var tables = Tables()
        for length in HPACKHuffman.lengths { tables.count[Int(length)] += 1 }
        tables.symbols = (0..<HPACKHuffman.lengths.count).sorted { (HPACKHuffman.lengths[$0], $0) < (HPACKHuffman.lengths[$1], $1) }
        var code = 0
        var offset = 0
        for length in 1...30 {
            tables.first[length] = code
            tables.offset[length] = offset
            offset += tables.count[length]
            code = (code + tables.count[length]) << 1
        }
        return tables
    }()

    /// Decodes `bytes`. Fails on EOS in the string, and on padding longer than 7 bits or not all
    /// ones (§5.2).
    static func decode(_ bytes: some Sequence<UInt8>) throws(HPACKDecodingError) -> [UInt8] {
        let tables = Self.tables
        var out: [UInt8] = []
        var code = 0
        var length = 0
        for byte in bytes {
            for shift in stride(from: 7, through: 0, by: -1) {
                code = code << 1 | Int(byte >> UInt8(shift) & 1)
                length += 1
                let index = code - tables.first[length]
                if index >= 0, index < tables.count[length] {
                    let symbol = tables.symbols[tables.offset[length] + index]
                    guard symbol < 256 else { throw HPACKDecodingError("a Huffman-coded string holds EOS") }
                    out.append(UInt8(symbol))
                    code = 0
                    length = 0
                } else if length == 30 {
                    throw HPACKDecodingError("a Huffman-coded string holds no valid code")
                }
            }
        }
        guard length <= 7, code == (1 << length) - 1 else {
            throw HPACKDecodingError("a Huffman-coded string ends with bad padding")
        }
        return out
    }
}
