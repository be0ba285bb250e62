/// The rules for one key (a path segment or an object member name), as Firebase applies them.
///
/// Mirrors the JS SDK's `isValidKey` (`/[\[\].#$\/\u0000-\u001F\u007F]/`) and the limits page:
/// non-empty, at most 768 bytes of UTF-8, none of `.` `$` `#` `[` `]` `/`, no ASCII control
/// character. Cost: one pass over the key's UTF-8.
public enum DatabaseKey {
    /// The longest key, in bytes of UTF-8.
    public static let maxLength = 768

    /// Why a key is invalid.
    public enum Problem: Sendable, Hashable {
        case empty
        case invalidCharacter
        case tooLong
    }

    /// The problem with `key`, or nil when it is a valid key.
    public static func problem(with key: String) -> Problem? {
        var count = 0
        for byte in key.utf8 {
            count += 1
            if Self.isForbidden(byte) { return .invalidCharacter }
        }
        if count == 0 { return .empty }
        if count > Self.maxLength { return .tooLong }
        return nil
    }

    /// Whether `key` may name a child.
    public static func isValid(_ key: String) -> Bool {
        Self.problem(with: key) == nil
    }

    /// `. $ # [ ] /`, 0x00–0x1F and 0x7F. Multi-byte UTF-8 never contains these bytes.
    @inline(__always)
    static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x1F, 0x7F, UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
