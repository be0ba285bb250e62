/// Table-driven reflected CRC-32 (IEEE 0xEDB88320 and Castagnoli 0x82F63B78).
struct CRC32: Sendable {
    let table: [UInt32]

    init(polynomial: UInt32) {
        self.table = (0..<256).map { i -> UInt32 in
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ polynomial : c >> 1 }
            return c
        }
    }

    static let ieee = CRC32(polynomial: 0xEDB8_8320)
    static let castagnoli = CRC32(polynomial: 0x82F6_3B78)

    func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = self.table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func littleEndianBytes(_ v: UInt32) -> [UInt8] {
        [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }
}
