import HearthCore

/// Standard base64 (RFC 4648 §4, with `+`, `/` and `=` padding), the encoding of ETags:
/// HearthCore's ``Base64Codec``.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String { Base64Codec.encode(bytes) }
}
