/// Firestore's total order of values.
///
/// Mirrors `valueCompare` in firebase-js-sdk `model/values.ts` and `model/type_order.ts`, which
/// mirror the backend: type order first, then a per-type comparison. The order is total (NaN is
/// the smallest number and equal to itself) so it can drive `orderBy`, cursors and range filters.
extension FirestoreValue {
    /// The rank of each type in the cross-type order:
    /// null < boolean < number < timestamp < string < bytes < reference < geopoint < array < vector < map.
    public enum TypeOrder: Int, Sendable, Comparable {
        case null = 0
        case boolean
        case number
        case timestamp
        case string
        case bytes
        case reference
        case geoPoint
        case array
        case vector
        case map

        public static func < (lhs: TypeOrder, rhs: TypeOrder) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// This value's rank in the cross-type order (a vector-shaped map ranks as `.vector`).
    public var typeOrder: TypeOrder {
        switch self {
        case .null: .null
        case .boolean: .boolean
        case .integer, .double: .number
        case .timestamp: .timestamp
        case .string: .string
        case .bytes: .bytes
        case .reference: .reference
        case .geoPoint: .geoPoint
        case .array: .array
        case .map(let map): map.vectorValues == nil ? .map : .vector
        }
    }

    /// Compares two values in Firestore's total order.
    ///
    /// Numbers compare exactly across int64 and double (no lossy conversion): NaN first, `-0 == 0`,
    /// `1 == 1.0`. Strings and map keys by UTF-8 bytes; bytes unsigned lexicographic; references
    /// segment by segment with numeric IDs first; geo points by latitude then longitude; arrays
    /// element-wise then by length; vectors by length then element-wise; maps by sorted keys,
    /// pairwise key then value, then by key count. Cost: O(size of the smaller value) plus a key
    /// sort per map.
    public static func compare(_ lhs: FirestoreValue, _ rhs: FirestoreValue) -> FirestoreOrdering {
        let leftType = lhs.typeOrder
        let rightType = rhs.typeOrder
        if leftType != rightType {
            return FirestoreOrdering(comparing: leftType, rightType)
        }
        switch (lhs, rhs) {
        case (.null, .null):
            return .same
        case (.boolean(let left), .boolean(let right)):
            return left == right ? .same : (left ? .descending : .ascending)
        case (.integer(let left), .integer(let right)):
            return FirestoreOrdering(comparing: left, right)
        case (.double(let left), .double(let right)):
            return Self.compareDoubles(left, right)
        case (.integer(let left), .double(let right)):
            return Self.compare(integer: left, double: right)
        case (.double(let left), .integer(let right)):
            return Self.compare(integer: right, double: left).reversed
        case (.timestamp(let left), .timestamp(let right)):
            return FirestoreOrdering(comparing: left, right)
        case (.string(let left), .string(let right)):
            return UTF8Order.compare(left, right)
        case (.bytes(let left), .bytes(let right)):
            return UTF8Order.compare(left, right)
        case (.reference(let left), .reference(let right)):
            return DocumentName.compare(left, right)
        case (.geoPoint(let left), .geoPoint(let right)):
            return Self.compareDoubles(left.latitude, right.latitude)
                .then(Self.compareDoubles(left.longitude, right.longitude))
        case (.array(let left), .array(let right)):
            return Self.compareElements(left, right)
        case (.map(let left), .map(let right)):
            if let leftVector = left.vectorValues, let rightVector = right.vectorValues {
                return FirestoreOrdering(comparing: leftVector.count, rightVector.count)
                    .then(Self.compareElements(leftVector, rightVector))
            }
            return Self.compareMaps(left, right)
        default:
            // Unreachable: equal type orders imply matching cases above.
            return .same
        }
    }

    /// Whether the two values are equal in Firestore's order (`1` is equivalent to `1.0`, NaN to
    /// NaN). This is the equality of `==`/`in`/`array-contains` filters and of `arrayUnion` /
    /// `arrayRemove`.
    public func isEquivalent(to other: FirestoreValue) -> Bool {
        Self.compare(self, other) == .same
    }

    /// Doubles with NaN below everything (and equal to itself), `-0 == 0`.
    static func compareDoubles(_ lhs: Double, _ rhs: Double) -> FirestoreOrdering {
        if lhs.isNaN { return rhs.isNaN ? .same : .ascending }
        if rhs.isNaN { return .descending }
        return lhs < rhs ? .ascending : (lhs > rhs ? .descending : .same)
    }

    /// Exact comparison of an int64 with a double, without rounding the integer.
    ///
    /// Doubles outside [-2^63, 2^63) are beyond every int64; inside, compare the integer with the
    /// double's floor (exactly representable as int64), and a fractional part breaks the tie.
    static func compare(integer: Int64, double: Double) -> FirestoreOrdering {
        if double.isNaN { return .descending }
        if double < -9_223_372_036_854_775_808.0 { return .descending }
        if double >= 9_223_372_036_854_775_808.0 { return .ascending }
        let floor = double.rounded(.down)
        let floorInteger = Int64(floor)
        if integer < floorInteger { return .ascending }
        if integer > floorInteger { return .descending }
        return double > floor ? .ascending : .same
    }

    static func compareElements(_ lhs: [FirestoreValue], _ rhs: [FirestoreValue]) -> FirestoreOrdering {
        for (left, right) in zip(lhs, rhs) {
            let order = Self.compare(left, right)
            if order != .same { return order }
        }
        return FirestoreOrdering(comparing: lhs.count, rhs.count)
    }

    static func compareMaps(_ lhs: MapValue, _ rhs: MapValue) -> FirestoreOrdering {
        let leftKeys = lhs.sortedKeys
        let rightKeys = rhs.sortedKeys
        for (leftKey, rightKey) in zip(leftKeys, rightKeys) {
            let keyOrder = UTF8Order.compare(leftKey, rightKey)
            if keyOrder != .same { return keyOrder }
            // Both keys are present by construction.
            let valueOrder = Self.compare(lhs.fields[leftKey] ?? .null, rhs.fields[rightKey] ?? .null)
            if valueOrder != .same { return valueOrder }
        }
        return FirestoreOrdering(comparing: leftKeys.count, rightKeys.count)
    }
}
