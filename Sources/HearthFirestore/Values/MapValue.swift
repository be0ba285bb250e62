/// The fields of a map value or of a whole document (`google.firestore.v1.MapValue`).
///
/// Keys are field names (not paths). Equality is strict, like ``FirestoreValue``'s. Swift's
/// `Dictionary` treats canonically equivalent keys (`"é"` precomposed vs decomposed) as one key;
/// Firestore would keep both — an accepted limitation.
public struct MapValue: Sendable, Hashable {
    public var fields: [String: FirestoreValue]

    public init(fields: [String: FirestoreValue] = [:]) {
        self.fields = fields
    }

    public var isEmpty: Bool { self.fields.isEmpty }

    public var count: Int { self.fields.count }

    /// The value of a top-level field.
    public subscript(_ key: String) -> FirestoreValue? {
        get { self.fields[key] }
        set { self.fields[key] = newValue }
    }

    /// Keys in UTF-8 byte order: the order of map comparison and of Hearth's JSON output.
    /// Cost: O(k log k) per call.
    public var sortedKeys: [String] {
        self.fields.keys.sorted { UTF8Order.precedes($0, $1) }
    }

    /// The fields as (name, value) pairs in UTF-8 byte order of the names: what encoders iterate
    /// (no per-key dictionary lookup after the sort). Cost: O(k log k) per call.
    public var sortedFields: [(key: String, value: FirestoreValue)] {
        self.fields.sorted { UTF8Order.precedes($0.key, $1.key) }
    }

    /// The elements if this map is a vector: exactly `__type__: "__vector__"` plus a `value` array
    /// (the encoding the SDKs use for `VectorValue`); otherwise `nil`.
    public var vectorValues: [FirestoreValue]? {
        guard self.fields.count == 2,
            case .string(let type)? = self.fields["__type__"], type == "__vector__",
            case .array(let values)? = self.fields["value"]
        else { return nil }
        return values
    }
}
