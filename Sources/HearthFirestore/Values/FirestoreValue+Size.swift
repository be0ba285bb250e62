/// Storage size and nesting depth, the quantities behind Firestore's document limits.
///
/// Sizes follow the "Storage size calculations" page: string = UTF-8 bytes + 1; boolean and null
/// = 1; integer, double, timestamp = 8; geo point = 16; bytes = length; reference = the document
/// name size; array = Σ elements; map = Σ (key size + value size).
extension FirestoreValue {
    /// This value's storage size in bytes. O(size of the value).
    public var storageSize: Int {
        switch self {
        case .null, .boolean: 1
        case .integer, .double, .timestamp: 8
        case .geoPoint: 16
        case .string(let string): string.utf8.count + 1
        case .bytes(let bytes): bytes.count
        case .reference(let name): name.storageSize
        case .array(let elements): elements.reduce(0) { $0 + $1.storageSize }
        case .map(let map): map.fieldsStorageSize
        }
    }

    /// Levels of nesting this value occupies: 1 for a scalar or an empty array/map, 1 + the
    /// deepest element for a non-empty array or map. A document's depth is the largest depth of
    /// its fields and must not exceed ``FirestoreLimits/maxNestingDepth`` (20), so `{a: {b: 1}}`
    /// has depth 2.
    public var nestingDepth: Int {
        switch self {
        case .array(let elements):
            1 + elements.reduce(0) { Swift.max($0, $1.nestingDepth) }
        case .map(let map):
            1 + map.nestingDepth
        default:
            1
        }
    }
}

extension DocumentName {
    /// Σ (segment UTF-8 bytes + 1) over the path's segments, + 16.
    public var storageSize: Int {
        self.path.segments.reduce(16) { $0 + $1.utf8.count + 1 }
    }
}
