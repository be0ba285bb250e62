/// Bytes methods. Production output (pyric): `toBase64` uses the URL-safe alphabet WITH
/// padding (`b'~~~'` → `fn5-`), `toHexString` is UPPERCASE.
enum BytesFunctions {
    static let methods: [String: ClosedRange<Int>] = ["size": 0...0, "toBase64": 0...0, "toHexString": 0...0]

    static func call(_ b: [UInt8], _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "0", got: args.count, node: node)
        }
        switch name {
        case "size": return .int(Int64(b.count))
        case "toBase64": return .string(Self.base64URL(b))
        default: return .string(b.map { String(format2: $0) }.joined())
        }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = (b0 << 16) | (b1 << 8) | b2
            out.append(alphabet[Int((n >> 18) & 63)])
            out.append(alphabet[Int((n >> 12) & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int((n >> 6) & 63)] : "=")
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : "=")
            i += 3
        }
        return out
    }
}

extension String {
    /// Two uppercase hex digits.
    init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
