/// RFC 4648 §6 base32 (`A–Z2–7`), the encoding of TOTP shared secrets
/// (`totpSessionInfo.sharedSecretKey`, the `secret=` of an `otpauth://` URI).
///
/// Encoding writes no padding (what authenticator apps and identitytoolkit show); decoding
/// accepts lower case, padding and spaces, as users type secrets. O(n) both ways.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// In 40-bit groups, as RFC 4648 §6 describes it: 5 bytes become 8 symbols, a short last
    /// group as many symbols as its bits need.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        for start in stride(from: 0, to: bytes.count, by: 5) {
            let chunk = bytes[start..<min(start + 5, bytes.count)]
            var group: UInt64 = 0
            for (index, byte) in chunk.enumerated() { group |= UInt64(byte) << UInt64(32 - 8 * index) }
            for index in 0..<((chunk.count * 8 + 4) / 5) { out.append(Self.alphabet[Int(group >> UInt64(35 - 5 * index) & 0x1F)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`; nil when it holds a character outside the alphabet. Trailing bits
    /// of a short last group that make no whole byte are dropped.
    public static func decode(_ text: String) -> [UInt8]? {
        var symbols: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "=") && byte != UInt8(ascii: " ") {
            guard let value = Self.value(of: byte) else { return nil }
            symbols.append(value)
        }
        var out: [UInt8] = []
        for start in stride(from: 0, to: symbols.count, by: 8) {
            let chunk = symbols[start..<min(start + 8, symbols.count)]
            var group: UInt64 = 0
            for (index, symbol) in chunk.enumerated() { group |= UInt64(symbol) << UInt64(35 - 5 * index) }
            for index in 0..<(chunk.count * 5 / 8) { out.append(UInt8(truncatingIfNeeded: group >> UInt64(32 - 8 * index))) }
        }
        return out
    }

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a")
        case UInt8(ascii: "2")...UInt8(ascii: "7"): byte - UInt8(ascii: "2") + 26
        default: nil
        }
    }
}
