/// Finds where the n-th object key of a JSON text begins, for Firebase's
/// `couldn't parse key beginning at <line>:<column>` message.
///
/// ``NodeDecoder`` numbers keys in document order (the order a reader meets them), and this
/// scanner counts string tokens followed by `:` in the same order, so the two agree without
/// the parser having to carry positions. Line and column are 1-based and point at the key's
/// opening quote; the column counts Unicode scalars, as ``HearthJSON/JSONParseError`` does.
/// Cost: one pass over the text up to the key; only run when a key is invalid.
enum KeyLocator {
    static func position(ofKey ordinal: Int, in text: [UInt8]) -> (line: Int, column: Int) {
        var seen = 0
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < text.count, text[index] != UInt8(ascii: "\"") {
                index += text[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
            var next = index
            while next < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[next]) { next += 1 }
            guard next < text.count, text[next] == UInt8(ascii: ":") else { continue }
            if seen == ordinal { return Self.lineAndColumn(of: start, in: text) }
            seen += 1
        }
        return (1, 1)
    }

    private static func lineAndColumn(of offset: Int, in text: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in text[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
