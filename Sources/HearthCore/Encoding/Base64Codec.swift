/// Base64, the one implementation every module uses (Firestore `bytesValue`, page tokens,
/// RTDB ETags, the Auth emulator's JWTs and refresh tokens), written by hand to keep
/// Foundation off the hot path.
///
/// Encoding is standard base64 with padding (what proto3 JSON and ETags use) or, with
/// ``encodeURLSafe(_:)``, RFC 4648 §5 without padding (JWT parts, URL parameters). Decoding is
/// lenient like Google's JSON parser: standard or URL-safe alphabet (even mixed), padding
/// optional. O(n) both ways.
public enum Base64Codec {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0–63 for alphabet bytes (both `+/` and `-_`), 0xFF otherwise.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in Self.alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()

    /// Standard base64 with `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(Self.alphabet[Int(chunk >> 18 & 0x3F)])
            out.append(Self.alphabet[Int(chunk >> 12 & 0x3F)])
            out.append(Self.alphabet[Int(chunk >> 6 & 0x3F)])
            out.append(Self.alphabet[Int(chunk & 0x3F)])
            index += 3
        }
        let remaining = bytes.count - index
        if remaining > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if remaining == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            out.append(Self.alphabet[Int(chunk >> 18 & 0x3F)])
            out.append(Self.alphabet[Int(chunk >> 12 & 0x3F)])
            out.append(remaining == 2 ? Self.alphabet[Int(chunk >> 6 & 0x3F)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// URL-safe and unpadded (RFC 4648 §5): for tokens that travel in URLs and JWT parts.
    public static func encodeURLSafe(_ bytes: [UInt8]) -> String {
        var out = Array(Self.encode(bytes).utf8)
        while out.last == UInt8(ascii: "=") { out.removeLast() }
        for index in out.indices {
            if out[index] == UInt8(ascii: "+") { out[index] = UInt8(ascii: "-") }
            if out[index] == UInt8(ascii: "/") { out[index] = UInt8(ascii: "_") }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes standard or URL-safe base64, with or without padding; `nil` if malformed.
    ///
    /// Padding is optional, but padding that is there must be right: it ends the text and
    /// brings it to a multiple of four characters (`aGk=`, not `aGk==` or `aGVhcnRo=`), as
    /// Google's JSON parser refuses (`Base64 decoding failed`) what is wrongly padded.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var input = Array(text.utf8)
        var padding = 0
        while padding < 2, input.last == UInt8(ascii: "=") {
            input.removeLast()
            padding += 1
        }
        if input.count % 4 == 1 { return nil }
        if padding > 0, (input.count + padding) % 4 != 0 { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = Self.decodeTable[Int(byte)]
            if value == 0xFF { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }
}
