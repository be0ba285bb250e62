/// `hashing.md5|sha256|crc32|crc32c(string|bytes)` → bytes, implemented here (no crypto
/// dependency). CRC results come out little-endian, as production does:
/// `hashing.crc32('123456789').toHexString() == '2639F4CB'` (0xCBF43926 reversed).
enum HashingFunctions {
    static func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        let input: [UInt8]
        switch args[0] {
        case .string(let s): input = Array(s.utf8)
        case .bytes(let b): input = b
        default: return FunctionSupport.typeError(name, args, node: node)
        }
        switch name {
        case "hashing.md5": return .bytes(MD5.digest(input))
        case "hashing.sha256": return .bytes(SHA256.digest(input))
        case "hashing.crc32": return .bytes(CRC32.littleEndianBytes(CRC32.ieee.checksum(input)))
        default: return .bytes(CRC32.littleEndianBytes(CRC32.castagnoli.checksum(input)))
        }
    }
}
