/// A compact, unambiguous rendering for logs, test failures and rule traces (not a wire format).
///
/// `null`, `true`, `42`, `42.0`, `NaN`, `"text"`, `b"0a1f"`, `@2024-01-01T00:00:00Z`,
/// `ref(projects/…/documents/c/d)`, `geo(1.5, -2.0)`, `[1, 2]`, `{a: 1, b: "x"}` (keys in UTF-8
/// order). Integers and doubles print differently so `1` and `1.0` are told apart.
extension FirestoreValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null:
            return "null"
        case .boolean(let value):
            return value ? "true" : "false"
        case .integer(let value):
            return String(value)
        case .double(let value):
            return value.description
        case .timestamp(let value):
            return "@" + value.rfc3339
        case .string(let value):
            return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        case .bytes(let value):
            let hex = Array("0123456789abcdef".utf8)
            var out: [UInt8] = Array("b\"".utf8)
            for byte in value {
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        case .reference(let name):
            return "ref(\(name))"
        case .geoPoint(let point):
            return "geo(\(point.latitude), \(point.longitude))"
        case .array(let elements):
            return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .map(let map):
            return map.description
        }
    }
}

extension MapValue: CustomStringConvertible {
    /// `{a: 1, `b c`: "x"}` with keys in UTF-8 order, quoted as field-path segments where needed.
    public var description: String {
        "{" + self.sortedFields.map { "\(FieldPath.quoteIfNeeded($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
