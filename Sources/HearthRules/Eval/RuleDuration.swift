/// A signed span with nanosecond precision, like `google.protobuf.Duration`.
public struct RuleDuration: Sendable, Hashable, Comparable {
    /// Total nanoseconds would overflow Int64 for ±292 years; Firestore durations are bounded
    /// to ±10,000 years, so seconds + nanos (normalised, nanos has the sign of seconds) are kept.
    public var seconds: Int64
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32 = 0) {
        var s = seconds
        var n = Int64(nanos)
        s &+= n / 1_000_000_000
        n %= 1_000_000_000
        if s > 0 && n < 0 {
            s &-= 1
            n += 1_000_000_000
        } else if s < 0 && n > 0 {
            s &+= 1
            n -= 1_000_000_000
        }
        self.seconds = s
        self.nanos = Int32(n)
    }

    public static func < (a: RuleDuration, b: RuleDuration) -> Bool {
        (a.seconds, a.nanos) < (b.seconds, b.nanos)
    }

    static let maxSeconds: Int64 = 315_576_000_000

    var isValid: Bool { self.seconds.magnitude <= UInt64(Self.maxSeconds) }

    static func + (a: RuleDuration, b: RuleDuration) -> RuleDuration {
        RuleDuration(seconds: a.seconds &+ b.seconds, nanos: a.nanos + b.nanos)
    }

    static prefix func - (a: RuleDuration) -> RuleDuration {
        RuleDuration(seconds: 0 &- a.seconds, nanos: -a.nanos)
    }
}
