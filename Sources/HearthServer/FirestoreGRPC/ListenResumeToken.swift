import HearthFirestore

/// The `resume_token` Hearth puts on a Listen target's CURRENT and NO_CHANGE messages, and
/// reads back from `add_target.resume_token`: the snapshot's read time, which is what the store
/// resumes after (`DocumentStore.resume`), in 16 bytes the server can validate:
/// `"HRT1"`, the seconds (8 bytes, big-endian) and the nanoseconds (4 bytes, big-endian).
///
/// Why a read time rather than an opaque counter: it stays meaningful across a restart on the
/// same data directory. The store answers a token from before the restart, or older than its
/// history, with a RESET and a full resend, and a recent one with only the changes since. Bytes
/// that are not such a token (another server's, a corrupted one) are treated the same way as a
/// token too old: RESET and a full resend, never an error, since the client only wants its
/// target back.
enum ListenResumeToken {
    private static let magic: [UInt8] = Array("HRT1".utf8)

    static func encode(_ time: Timestamp) -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(16)
        let seconds = UInt64(bitPattern: time.seconds)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: seconds >> UInt64(shift))) }
        let nanos = UInt32(bitPattern: time.nanos)
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: nanos >> UInt32(shift))) }
        return bytes
    }

    /// The read time `bytes` carry, or nil when they are not a Hearth token.
    static func decode(_ bytes: some Collection<UInt8>) -> Timestamp? {
        let bytes = Array(bytes)
        guard bytes.count == 16, Array(bytes[0..<4]) == Self.magic else { return nil }
        var seconds: UInt64 = 0
        for byte in bytes[4..<12] { seconds = seconds << 8 | UInt64(byte) }
        var nanos: UInt32 = 0
        for byte in bytes[12..<16] { nanos = nanos << 8 | UInt32(byte) }
        guard nanos < 1_000_000_000 else { return nil }
        let time = Timestamp(seconds: Int64(bitPattern: seconds), nanos: Int32(nanos))
        return time.isInFirestoreRange ? time : nil
    }
}
