public import HearthJSON

/// Typed reads of a JSON object's members, refusing a member of the wrong type with
/// identitytoolkit's `INVALID_ARGUMENT` (`Invalid value at 'email' (TYPE_STRING), 12`), so
/// every request and record is checked the same way. Absent and `null` members read as nil.
public struct RecordFields: Sendable {
    public let object: JSONObject
    /// What the object is, for messages (`user`, `request`).
    let what: String

    public init(_ object: JSONObject, what: String = "request") {
        self.object = object
        self.what = what
    }

    public func string(_ key: String) throws(AuthError) -> String? {
        switch self.object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Self.invalid(key, "TYPE_STRING", other)
        }
    }

    public func bool(_ key: String) throws(AuthError) -> Bool? {
        switch self.object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case .string("true")?: return true
        case .string("false")?: return false
        case let other?: throw Self.invalid(key, "TYPE_BOOL", other)
        }
    }

    /// An integer sent as a JSON number or as a decimal string (int64 in proto3 JSON).
    public func integer(_ key: String) throws(AuthError) -> Int64? {
        switch self.object[key] {
        case nil, .null?: return nil
        case .number(let number)?:
            if let value = number.int64Value { return value }
            let double = number.doubleValue
            guard double.isFinite, abs(double) < 9e18 else { throw Self.invalid(key, "TYPE_INT64", .number(number)) }
            return Int64(double)
        case .string(let text)?:
            guard let value = Int64(text) else { throw Self.invalid(key, "TYPE_INT64", .string(text)) }
            return value
        case let other?: throw Self.invalid(key, "TYPE_INT64", other)
        }
    }

    public func array(_ key: String) throws(AuthError) -> [JSONValue]? {
        switch self.object[key] {
        case nil, .null?: return nil
        case .array(let values)?: return values
        case let other?: throw Self.invalid(key, "TYPE_ARRAY", other)
        }
    }

    /// A list of strings; a single string is read as a list of one (form bodies repeat keys).
    public func strings(_ key: String) throws(AuthError) -> [String] {
        switch self.object[key] {
        case nil, .null?: return []
        case .string(let text)?: return [text]
        case .array(let values)?:
            var strings: [String] = []
            for value in values {
                guard case .string(let text) = value else { throw Self.invalid(key, "TYPE_STRING", value) }
                strings.append(text)
            }
            return strings
        case let other?: throw Self.invalid(key, "TYPE_STRING", other)
        }
    }

    public func object(_ key: String) throws(AuthError) -> JSONObject? {
        switch self.object[key] {
        case nil, .null?: return nil
        case .object(let object)?: return object
        case let other?: throw Self.invalid(key, "TYPE_MESSAGE", other)
        }
    }

    private static func invalid(_ key: String, _ type: String, _ value: JSONValue) -> AuthError {
        .invalidArgument("Invalid value at '\(key)' (\(type)), \(value.serializedString())")
    }
}
