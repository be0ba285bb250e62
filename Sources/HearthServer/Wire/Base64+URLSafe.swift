extension Base64 {
    /// URL-safe and unpadded (RFC 4648 §5): page tokens and transaction IDs travel in query
    /// strings, where `+`, `/` and `=` would need escaping.
    static func encodeURLSafe(_ bytes: [UInt8]) -> String {
        String(self.encode(bytes).compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }
}
