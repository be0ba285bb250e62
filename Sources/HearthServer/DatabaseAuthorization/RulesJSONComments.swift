/// `database.rules.json` may carry `//` and `/* */` comments, which strict JSON does not allow;
/// `GET /.settings/rules.json?format=strict` returns the rules without them (`rtdb.md` §8.1).
enum RulesJSONComments {
    /// `source` with every comment outside string literals removed. O(length).
    static func stripped(_ source: String) -> [UInt8] {
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    output.append(next)
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            } else {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
            }
            index += 1
        }
        return output
    }
}
