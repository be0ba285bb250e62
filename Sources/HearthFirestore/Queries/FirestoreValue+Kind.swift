extension FirestoreValue {
    /// The proto field name of this value's kind (`integerValue`, …), for error messages that
    /// should read like the wire format the client sent.
    public var kindName: String {
        switch self {
        case .null: "nullValue"
        case .boolean: "booleanValue"
        case .integer: "integerValue"
        case .double: "doubleValue"
        case .timestamp: "timestampValue"
        case .string: "stringValue"
        case .bytes: "bytesValue"
        case .reference: "referenceValue"
        case .geoPoint: "geoPointValue"
        case .array: "arrayValue"
        case .map: "mapValue"
        }
    }

    public var isReference: Bool {
        if case .reference = self { return true }
        return false
    }

    public var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
