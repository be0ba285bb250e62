/// A UTC instant with nanosecond precision, like `google.protobuf.Timestamp`.
/// Valid range is years 0001–9999 as in Firestore; arithmetic leaving it is an error.
public struct RuleTimestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public init(millisecondsSince1970 ms: Int64) {
        let (q, r) = ms.quotientAndRemainder(dividingBy: 1000)
        if r < 0 {
            self.init(seconds: q - 1, nanos: Int32((r + 1000) * 1_000_000))
        } else {
            self.init(seconds: q, nanos: Int32(r * 1_000_000))
        }
    }

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z.
    static let minSeconds: Int64 = -62_135_596_800
    static let maxSeconds: Int64 = 253_402_300_799

    var isValid: Bool { self.seconds >= Self.minSeconds && self.seconds <= Self.maxSeconds }

    public static func < (a: RuleTimestamp, b: RuleTimestamp) -> Bool {
        (a.seconds, a.nanos) < (b.seconds, b.nanos)
    }

    var totalNanos: (Int64, Int32) { (self.seconds, self.nanos) }
}

extension RuleTimestamp {
    static func + (t: RuleTimestamp, d: RuleDuration) -> RuleTimestamp {
        var s = t.seconds &+ d.seconds
        var n = Int64(t.nanos) + Int64(d.nanos)
        if n >= 1_000_000_000 {
            s &+= 1
            n -= 1_000_000_000
        } else if n < 0 {
            s &-= 1
            n += 1_000_000_000
        }
        return RuleTimestamp(seconds: s, nanos: Int32(n))
    }

    static func - (a: RuleTimestamp, b: RuleTimestamp) -> RuleDuration {
        RuleDuration(seconds: a.seconds &- b.seconds, nanos: a.nanos - b.nanos)
    }
}
