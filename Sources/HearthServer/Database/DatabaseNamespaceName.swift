/// Which namespace names Hearth accepts: what Firebase database names look like
/// (`my-project-default-rtdb`), so a name is also safe as part of a storage namespace and a
/// file name in exports.
enum DatabaseNamespaceName {
    static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...63).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
