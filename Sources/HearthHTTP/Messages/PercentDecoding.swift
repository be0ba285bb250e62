/// Percent-decoding (RFC 3986 §2.1) shared by query parsing and route captures.
///
/// Cost: one pass over the UTF-8 bytes; text without `%` (and without `+` when `plusAsSpace`)
/// is returned without decoding work beyond the copy into a `String`.
enum PercentDecoding {
    /// Why a piece of text could not be decoded.
    enum Failure: Error, Equatable {
        /// `%` not followed by two hexadecimal digits; `escape` is the offending text.
        case invalidEscape(escape: String)
        /// The escapes decode to bytes that are not valid UTF-8.
        case invalidUTF8
    }

    /// Decodes `text` strictly: malformed escapes and invalid UTF-8 are failures.
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> Result<String, Failure> {
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return .success(String(text))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, let high = hexValue(utf8[first]) else {
                    return .failure(.invalidEscape(escape: String(text[index...].prefix(3))))
                }
                let second = utf8.index(after: first)
                guard second < utf8.endIndex, let low = hexValue(utf8[second]) else {
                    return .failure(.invalidEscape(escape: String(text[index...].prefix(3))))
                }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8)
        }
        return .success(decoded)
    }

    /// Decodes `text` leniently: a malformed escape is kept literally and invalid UTF-8 is
    /// replaced with U+FFFD, so this never fails (used for query strings, which browsers and
    /// tools produce sloppily).
    static func decodeLeniently(_ text: Substring, plusAsSpace: Bool) -> String {
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                if first < utf8.endIndex, let high = hexValue(utf8[first]) {
                    let second = utf8.index(after: first)
                    if second < utf8.endIndex, let low = hexValue(utf8[second]) {
                        bytes.append(high << 4 | low)
                        index = utf8.index(after: second)
                        continue
                    }
                }
                bytes.append(byte)
            } else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
