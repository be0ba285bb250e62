/// Key-range arithmetic for prefix operations.
///
/// SQLite compares TEXT under the BINARY collation with `memcmp` over UTF-8 bytes, so "keys that
/// start with P" is exactly the half-open range `[P, P')`, where `P'` is P with its last byte
/// incremented. That range is answered from the primary-key index in O(log n + matches).
enum KeyRange {
    /// The smallest byte string greater than every string starting with `prefix`, or `nil` for an
    /// empty prefix (every key matches). UTF-8 never contains the byte 0xFF, so incrementing the last
    /// byte never overflows; the result may not be valid UTF-8, which SQLite accepts for comparison.
    static func upperBound(ofPrefix prefix: String) -> [UInt8]? {
        var bytes = Array(prefix.utf8)
        guard let last = bytes.last else { return nil }
        bytes[bytes.count - 1] = last + 1
        return bytes
    }
}
