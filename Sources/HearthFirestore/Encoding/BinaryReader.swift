/// Reads what `BinaryWriter` wrote, checking every bound: a truncated or corrupt record is a
/// DATA_LOSS error naming what was being read, never a crash.
struct BinaryReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { self.offset == self.bytes.count }

    mutating func byte() throws(FirestoreError) -> UInt8 {
        guard self.offset < self.bytes.count else { throw Self.truncated("a byte") }
        defer { self.offset += 1 }
        return self.bytes[self.offset]
    }

    mutating func varint() throws(FirestoreError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try self.byte()
            guard shift < 64 else { throw .dataLoss("Corrupt stored document: a varint is longer than 64 bits.") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func signed() throws(FirestoreError) -> Int64 {
        let raw = try self.varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func double() throws(FirestoreError) -> Double {
        guard self.bytes.count - self.offset >= 8 else { throw Self.truncated("a double") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(self.bytes[self.offset + index]) << (8 * UInt64(index)) }
        self.offset += 8
        return Double(bitPattern: bits)
    }

    mutating func data() throws(FirestoreError) -> ArraySlice<UInt8> {
        let count = try self.varint()
        guard count <= UInt64(self.bytes.count - self.offset) else { throw Self.truncated("\(count) bytes") }
        defer { self.offset += Int(count) }
        return self.bytes[self.offset..<(self.offset + Int(count))]
    }

    mutating func string() throws(FirestoreError) -> String {
        let utf8 = try self.data()
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw .dataLoss("Corrupt stored document: a string is not valid UTF-8.")
        }
        return string
    }

    private static func truncated(_ what: String) -> FirestoreError {
        .dataLoss("Corrupt stored document: it ends while reading \(what).")
    }
}
