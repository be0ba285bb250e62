public import HearthJSON

/// A number stored in the tree: a 64-bit integer or a double.
///
/// Firebase's server keeps integers as integers (`1911`, timestamps print without a fraction)
/// and floats as floats, and `ServerValue.increment` adds integers exactly until they overflow
/// (`rtdb.md` §1.6, §3). Hearth's choice: a JSON literal without fraction or exponent that fits
/// in Int64 is an integer; anything else is a double; and a double with an integral value
/// within ±2^53 is stored as that integer, so `1.0` reads back as `1` (as the JS SDK, whose
/// numbers are doubles, would also print it). This normal form makes `==` mean "same number".
public enum DatabaseNumber: Sendable, Hashable, CustomStringConvertible {
    case integer(Int64)
    case double(Double)

    /// A double in normal form (integral values within ±2^53 become integers).
    /// - Precondition: `value.isFinite`.
    public init(_ value: Double) {
        precondition(value.isFinite, "Realtime Database numbers are finite")
        if value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992 {
            self = .integer(Int64(value))
        } else {
            self = .double(value)
        }
    }

    public init(_ value: Int64) {
        self = .integer(value)
    }

    /// From a JSON literal; nil when it is beyond the double range (`1e400`).
    public init?(json: JSONNumber) {
        if let integer = json.int64Value {
            self = .integer(integer)
            return
        }
        let value = json.doubleValue
        guard value.isFinite else { return nil }
        self.init(value)
    }

    /// The nearest double (exact below 2^53).
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        }
    }

    /// The JSON literal: decimal for integers, shortest round-trip text for doubles.
    public var json: JSONNumber {
        switch self {
        case .integer(let value): JSONNumber(value)
        case .double(let value): JSONNumber(value)
        }
    }

    public var description: String { self.json.text }

    /// Numeric order across both cases (integers beyond 2^53 compare through their double).
    public func compare(_ other: DatabaseNumber) -> DatabaseOrdering {
        if case .integer(let a) = self, case .integer(let b) = other { return DatabaseOrdering(comparing: a, b) }
        return DatabaseOrdering(comparing: self.doubleValue, other.doubleValue)
    }

    /// `self + other` as `ServerValue.increment` computes it: exact for two integers unless the
    /// sum overflows Int64, in which case (or when either side is a double) an IEEE-754 sum.
    public func adding(_ other: DatabaseNumber) -> DatabaseNumber {
        if case .integer(let a) = self, case .integer(let b) = other {
            let (sum, overflow) = a.addingReportingOverflow(b)
            if !overflow { return .integer(sum) }
        }
        let sum = self.doubleValue + other.doubleValue
        return sum.isFinite ? DatabaseNumber(sum) : .double(sum.sign == .minus ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
    }
}
