/// A JSON value exactly as it appeared in the text: numbers keep their literal spelling and
/// objects keep member order and duplicate keys.
///
/// Firestore's proto3 JSON is lossless only if nothing is normalised on the way in: an
/// `integerValue` of `12345678901234567890` must be rejected as out of range rather than silently
/// rounded, and a duplicate key must be detectable. So this tree is a faithful transcript of the
/// text; interpretation (int64 ranges, first-wins or last-wins) is left to the reader.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The members if this is an object, otherwise `nil`.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The text if this is a string, otherwise `nil`.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The elements if this is an array, otherwise `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The boolean if this is `true` or `false`, otherwise `nil`.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The number (with its literal text) if this is a number, otherwise `nil`.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// Whether this is the literal `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the JSON type ("object", "array", "string", "number", "boolean", "null"),
    /// for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
