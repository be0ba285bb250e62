extension StringProtocol {
    /// The parts of the string between `/`s, as `split(separator: "/")` gives them, but found
    /// by scanning the UTF-8 bytes rather than the characters.
    ///
    /// Why: every request's path, document name and database path is cut this way, and a
    /// character-wise split runs grapheme breaking over every character: 2.9 µs for a document
    /// name (`projects/p/databases/(default)/documents/users/alice`) against 0.4 µs here, in a
    /// 40 µs request. The scan runs over the string's contiguous bytes, not through the generic
    /// `StringProtocol` views (called from other modules, those are not specialized: 2.6 % of a
    /// gRPC GetDocument's server CPU, perf). It is also how Firestore and the Realtime Database
    /// read a path: a `/` followed by a combining mark, one character but two scalars, still
    /// separates.
    /// - Parameter omittingEmpty: drop empty parts (`a//b` gives `a`, `b`), as
    ///   `omittingEmptySubsequences: true` does.
    public func slashSeparated(omittingEmpty: Bool = false) -> [String] {
        if let parts = self.utf8.withContiguousStorageIfAvailable({ slashSeparatedParts(of: $0, omittingEmpty: omittingEmpty) }) {
            return parts
        }
        var native = String(self)  // bridged or foreign storage: make it contiguous once
        return native.withUTF8 { slashSeparatedParts(of: $0, omittingEmpty: omittingEmpty) }
    }
}

/// ``Swift/StringProtocol/slashSeparated(omittingEmpty:)`` over UTF-8 bytes. The list is sized
/// from a count of the slashes first: grown part by part, a document name's seven parts cost
/// four allocations.
private func slashSeparatedParts(of bytes: UnsafeBufferPointer<UInt8>, omittingEmpty: Bool) -> [String] {
    var slashes = 0
    for byte in bytes where byte == UInt8(ascii: "/") { slashes += 1 }
    var parts: [String] = []
    parts.reserveCapacity(slashes + 1)
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
        if !omittingEmpty || start != index {
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }
        start = index + 1
    }
    return parts
}
