#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in time with nanosecond resolution (`google.protobuf.Timestamp`).
///
/// Always normalised: `nanos` is in `0..<1_000_000_000`, so ordering is the tuple order of
/// `(seconds, nanos)`. Firestore stores microseconds; use ``truncatedToMicroseconds()`` when a
/// value enters the store, as production does.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, `0..<1_000_000_000`.
    public let nanos: Int32

    /// 0001-01-01T00:00:00Z, the earliest value Firestore accepts.
    public static let min = Timestamp(seconds: -62_135_596_800, nanos: 0)
    /// 9999-12-31T23:59:59.999999999Z, the latest value Firestore accepts.
    public static let max = Timestamp(seconds: 253_402_300_799, nanos: 999_999_999)

    /// Creates a timestamp, carrying out-of-range `nanos` (negative or ≥ 1e9) into `seconds`.
    /// The range is not checked here; ``isInFirestoreRange`` says whether it is storable.
    public init(seconds: Int64, nanos: Int32 = 0) {
        var seconds = seconds
        var nanos = Int64(nanos)
        let carry = nanos >= 0 ? nanos / 1_000_000_000 : (nanos - 999_999_999) / 1_000_000_000
        seconds += carry
        nanos -= carry * 1_000_000_000
        self.seconds = seconds
        self.nanos = Int32(nanos)
    }

    /// Whether this is between ``min`` and ``max`` inclusive.
    public var isInFirestoreRange: Bool { self >= Self.min && self <= Self.max }

    /// The same instant with sub-microsecond digits dropped (rounded toward the past).
    public func truncatedToMicroseconds() -> Timestamp {
        Timestamp(seconds: self.seconds, nanos: self.nanos - self.nanos % 1000)
    }

    /// Microseconds since the Unix epoch, rounded toward the past.
    public var microsecondsSinceEpoch: Int64 {
        self.seconds * 1_000_000 + Int64(self.nanos / 1000)
    }

    public init(microsecondsSinceEpoch micros: Int64) {
        let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let remainder = micros - seconds * 1_000_000
        self.init(seconds: seconds, nanos: Int32(remainder * 1000))
    }

    /// The current wall-clock time (CLOCK_REALTIME), at the clock's full resolution.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int64(spec.tv_sec), nanos: Int32(spec.tv_nsec))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}
