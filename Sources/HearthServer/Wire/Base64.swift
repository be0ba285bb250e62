import HearthCore

/// Base64 for `bytesValue`, page tokens and transaction IDs: HearthCore's ``Base64Codec``
/// under the name the wire code uses (one implementation for every module).
enum Base64 {
    /// Standard base64 with padding (what proto3 JSON writes).
    static func encode(_ bytes: [UInt8]) -> String { Base64Codec.encode(bytes) }

    /// URL-safe and unpadded (RFC 4648 §5): page tokens and transaction IDs travel in query
    /// strings, where `+`, `/` and `=` would need escaping.
    static func encodeURLSafe(_ bytes: [UInt8]) -> String { Base64Codec.encodeURLSafe(bytes) }

    /// Standard or URL-safe base64, padding optional (lenient like Google's JSON parser);
    /// `nil` if malformed.
    static func decode(_ text: String) -> [UInt8]? { Base64Codec.decode(text) }
}
