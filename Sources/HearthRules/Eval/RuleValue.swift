/// A runtime value of the rules language. Errors are values too (`.error`), so that
/// `false && err` is `false` and `true || err` is `true`, as production and cel-spec require;
/// the interpreter never throws.
///
/// Not an `indirect` enum: every intermediate result of an evaluation (`.bool`, `.string`, …) is
/// a value, so only the cases that need it pay for a heap box. Collections recurse through
/// their own storage and `ConstrainedValue` is itself indirect; `.error` is boxed to keep the
/// payload at two words (17 bytes with the tag), as errors are rare.
public enum RuleValue: Sendable {
    case null
    case bool(Bool)
    /// 64-bit; overflow is an error, never wraps.
    case int(Int64)
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case path(RulePath)
    case list([RuleValue])
    /// Keys are strings (Firestore maps).
    case map([String: RuleValue])
    /// Elements are unique under rules equality; order is not significant.
    case set([RuleValue])
    case mapDiff(MapDiff)
    case timestamp(RuleTimestamp)
    case duration(RuleDuration)
    case latlng(latitude: Double, longitude: Double)
    indirect case error(RuleError)
    /// `resource.data` of a list request, or a field of it, known only through the query's
    /// filters (rules are not filters); see `ConstrainedValue`.
    case constrained(ConstrainedValue)

    /// The type name as used by `is` and in error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .float: return "float"
        case .string: return "string"
        case .bytes: return "bytes"
        case .path: return "path"
        case .list: return "list"
        case .map: return "map"
        case .set: return "set"
        case .mapDiff: return "map_diff"
        case .timestamp: return "timestamp"
        case .duration: return "duration"
        case .latlng: return "latlng"
        case .error: return "error"
        case .constrained: return "constrained"
        }
    }

    public var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// Builds an error value. `node` is the ID of the failing expression (-1 when unknown).
    public static func error(_ message: String, node: Int = -1) -> RuleValue {
        .error(RuleError(message: message, node: node))
    }

    /// Numeric view for int/float promotion.
    var number: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .float(let v): return v
        default: return nil
        }
    }

    /// Builds a set value, removing duplicates under rules equality.
    public static func makeSet(_ items: [RuleValue]) -> RuleValue {
        var out: [RuleValue] = []
        for item in items where !out.contains(where: { $0.strictlyEquals(item) }) { out.append(item) }
        return .set(out)
    }
}
