/// SQLite's WAL checksum: two 32-bit sums over the data taken as 32-bit words (little- or
/// big-endian, as the WAL header's magic says), in pairs: `s0 += x[i] + s1; s1 += x[i+1] + s0`,
/// wrapping. Cumulative: each frame's checksum starts from the previous frame's (the first from
/// the header's).
struct WriteAheadLogChecksum {
    let bigEndian: Bool
    var s0: UInt32 = 0
    var s1: UInt32 = 0

    init(bigEndian: Bool, s0: UInt32 = 0, s1: UInt32 = 0) {
        self.bigEndian = bigEndian
        self.s0 = s0
        self.s1 = s1
    }

    /// Adds `bytes`, whose count must be a multiple of 8. O(count).
    mutating func add(_ bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        while index + 8 <= bytes.endIndex {
            let first = self.word(bytes, index)
            let second = self.word(bytes, index + 4)
            self.s0 = self.s0 &+ first &+ self.s1
            self.s1 = self.s1 &+ second &+ self.s0
            index += 8
        }
    }

    private func word(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
        let b0 = UInt32(bytes[index])
        let b1 = UInt32(bytes[index + 1])
        let b2 = UInt32(bytes[index + 2])
        let b3 = UInt32(bytes[index + 3])
        return self.bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }
}
