/// Appends Hearth's compact binary encoding: LEB128 varints, zigzag for signed integers,
/// little-endian IEEE doubles, length-prefixed UTF-8.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 128) {
        self.bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        self.bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            self.bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        self.bytes.append(UInt8(value))
    }

    mutating func signed(_ value: Int64) {
        self.varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { self.bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            self.varint(UInt64(utf8.count))
            self.bytes.append(contentsOf: utf8)
        }
    }

    mutating func data(_ value: [UInt8]) {
        self.varint(UInt64(value.count))
        self.bytes.append(contentsOf: value)
    }
}
