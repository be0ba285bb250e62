/// A Firestore field value (`google.firestore.v1.Value`).
///
/// `==` and `hash(into:)` are **strict structural** equality: `.integer(1) != .double(1.0)`,
/// `-0.0 != 0.0`, strings equal only if their UTF-8 bytes are equal. That is what detecting a
/// no-op write needs (the stored bytes would change). NaN equals NaN so a document equals itself.
/// For Firestore's query semantics (1 == 1.0) use ``isEquivalent(to:)`` or ``compare(_:_:)``.
///
/// Vectors have no case of their own: as on the wire they are maps
/// `{"__type__": "__vector__", "value": [doubles]}`, recognised by ``MapValue/vectorValues``.
public enum FirestoreValue: Sendable, Hashable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case double(Double)
    case timestamp(Timestamp)
    case string(String)
    case bytes([UInt8])
    case reference(DocumentName)
    case geoPoint(GeoPoint)
    case array([FirestoreValue])
    case map(MapValue)

    public static func == (lhs: FirestoreValue, rhs: FirestoreValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.boolean(let left), .boolean(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.double(let left), .double(let right)): Self.strictlyEqual(left, right)
        case (.timestamp(let left), .timestamp(let right)): left == right
        case (.string(let left), .string(let right)): UTF8Order.equal(left, right)
        case (.bytes(let left), .bytes(let right)): left == right
        case (.reference(let left), .reference(let right)): left == right
        case (.geoPoint(let left), .geoPoint(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.map(let left), .map(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .boolean(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(3)
            hasher.combine(Self.strictHashBits(value))
        case .timestamp(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .bytes(let value):
            hasher.combine(6)
            hasher.combine(value)
        case .reference(let value):
            hasher.combine(7)
            hasher.combine(value)
        case .geoPoint(let value):
            hasher.combine(8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(9)
            hasher.combine(value)
        case .map(let value):
            hasher.combine(10)
            hasher.combine(value)
        }
    }

    /// Bit-pattern equality, except that every NaN equals every NaN.
    static func strictlyEqual(_ lhs: Double, _ rhs: Double) -> Bool {
        lhs.bitPattern == rhs.bitPattern || (lhs.isNaN && rhs.isNaN)
    }

    /// The bits hashed for a double under ``strictlyEqual(_:_:)`` (one value for all NaNs).
    static func strictHashBits(_ value: Double) -> UInt64 {
        value.isNaN ? Double.nan.bitPattern : value.bitPattern
    }

    /// The map payload if this is a map (vectors included).
    public var mapValue: MapValue? {
        if case .map(let map) = self { return map }
        return nil
    }

    /// The elements if this is an array.
    public var arrayValue: [FirestoreValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string if this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// Whether this is an integer or a double (NaN included).
    public var isNumber: Bool {
        switch self {
        case .integer, .double: true
        default: false
        }
    }

    /// Whether this is NaN.
    public var isNaN: Bool {
        if case .double(let value) = self { return value.isNaN }
        return false
    }
}
