import HearthFirestore
import HearthJSON

/// A JSON object from a request body, read as proto3 JSON: member names in lowerCamel or
/// snake_case, unknown and repeated names rejected, every wrong type reported with its location.
///
/// Errors read like Google's: `Invalid JSON payload received. Unknown name "x" at
/// 'structured_query.where': Cannot find field.`
struct WireObject {
    let location: String
    private var members: [String: JSONValue] = [:]

    init(_ json: JSONValue?, at location: String, allowing names: Set<String>) throws(FirestoreError) {
        self.location = location
        guard let json, !json.isNull else { return }
        guard case .object(let object) = json else {
            throw .invalidArgument("Invalid value at '\(location)': expected a JSON object.")
        }
        for member in object {
            let name = FirestoreParameters.camelCased(member.key)
            guard names.contains(name) else {
                throw .invalidArgument("Invalid JSON payload received. Unknown name \"\(member.key)\" at '\(location)': Cannot find field.")
            }
            guard self.members.updateValue(member.value, forKey: name) == nil else { throw Self.duplicate(member.key, at: location) }
        }
    }

    /// A name given twice (or in both spellings, `updateMask` and `update_mask`): proto3 JSON
    /// parsers refuse it (the protobuf conformance suite's FieldNameDuplicate cases), where a
    /// lenient reader would silently keep one copy.
    static func duplicate(_ name: String, at location: String) -> FirestoreError {
        .invalidArgument("Invalid JSON payload received. Duplicate name \"\(name)\" at '\(location)': a field may be given once.")
    }

    func has(_ name: String) -> Bool {
        guard let value = self.members[name] else { return false }
        return !value.isNull
    }

    func raw(_ name: String) -> JSONValue? {
        guard let value = self.members[name], !value.isNull else { return nil }
        return value
    }

    func path(_ name: String) -> String { "\(self.location).\(name)" }

    func object(_ name: String, allowing names: Set<String>) throws(FirestoreError) -> WireObject? {
        guard let value = self.raw(name) else { return nil }
        return try WireObject(value, at: self.path(name), allowing: names)
    }

    func string(_ name: String) throws(FirestoreError) -> String? {
        guard let value = self.raw(name) else { return nil }
        guard case .string(let text) = value else {
            throw .invalidArgument("Invalid value at '\(self.path(name))' (TYPE_STRING): expected a string.")
        }
        return text
    }

    func bool(_ name: String) throws(FirestoreError) -> Bool? {
        guard let value = self.raw(name) else { return nil }
        guard case .bool(let flag) = value else {
            throw .invalidArgument("Invalid value at '\(self.path(name))' (TYPE_BOOL): expected true or false.")
        }
        return flag
    }

    func array(_ name: String) throws(FirestoreError) -> [JSONValue] {
        guard let value = self.raw(name) else { return [] }
        guard case .array(let items) = value else {
            throw .invalidArgument("Invalid value at '\(self.path(name))': expected a JSON array.")
        }
        return items
    }

    /// An integer sent as a number, a numeric string, or a wrapper `{"value": n}` (Int32Value).
    func integer(_ name: String) throws(FirestoreError) -> Int64? {
        guard var value = self.raw(name) else { return nil }
        if case .object(let wrapper) = value, let inner = wrapper["value"] { value = inner }
        switch value {
        case .number(let number):
            if let integer = number.int64Value { return integer }
        case .string(let text):
            if let integer = Int64(text) { return integer }
        default:
            break
        }
        throw .invalidArgument("Invalid value at '\(self.path(name))' (TYPE_INT64): expected a whole number.")
    }

    /// A double sent as a number, one of proto3 JSON's strings (`"NaN"`, `"Infinity"`, a
    /// numeric string), or a wrapper `{"value": x}` (DoubleValue).
    func double(_ name: String) throws(FirestoreError) -> Double? {
        guard var value = self.raw(name) else { return nil }
        if case .object(let wrapper) = value, let inner = wrapper["value"] { value = inner }
        guard let number = FirestoreValueCodec.double(from: value) else {
            throw .invalidArgument("Invalid value at '\(self.path(name))' (TYPE_DOUBLE): expected a number.")
        }
        return number
    }

    /// An enum sent by name or by number (REST clients with numeric enums send numbers).
    func enumeration<Value>(_ name: String, _ cases: [(String, Int, Value)]) throws(FirestoreError) -> Value? {
        guard let value = self.raw(name) else { return nil }
        for (caseName, number, result) in cases {
            switch value {
            case .string(let text) where text == caseName: return result
            case .number(let n) where n.int64Value == Int64(number): return result
            default: continue
            }
        }
        let expected = cases.map(\.0).joined(separator: ", ")
        throw .invalidArgument("Invalid value at '\(self.path(name))': \(String(decoding: value.serialized(), as: UTF8.self)) is not one of \(expected).")
    }

    /// `{"fieldPath": "a.b"}` (a FieldReference).
    func fieldReference(_ name: String) throws(FirestoreError) -> FieldPath? {
        guard let reference = try self.object(name, allowing: ["fieldPath"]) else { return nil }
        guard let text = try reference.string("fieldPath") else {
            throw .invalidArgument("Invalid value at '\(self.path(name))': fieldPath is required.")
        }
        do {
            return try FieldPath(parsing: text)
        } catch {
            throw .invalidArgument("Invalid value at '\(self.path(name)).fieldPath': \(error.message)")
        }
    }

    /// A `DocumentMask` member, `{"fieldPaths": ["a", "b.c"]}`; nil when absent.
    func documentMask(_ name: String) throws(FirestoreError) -> [FieldPath]? {
        guard let mask = try self.object(name, allowing: ["fieldPaths"]) else { return nil }
        var paths: [FieldPath] = []
        for (index, item) in try mask.array("fieldPaths").enumerated() {
            guard case .string(let text) = item else {
                throw .invalidArgument("Invalid value at '\(mask.location).field_paths[\(index)]': expected a field path string.")
            }
            do {
                paths.append(try FieldPath(parsing: text))
            } catch {
                throw .invalidArgument("Invalid value at '\(mask.location).field_paths[\(index)]': \(error.message)")
            }
        }
        return paths
    }

    /// A Firestore Value member.
    func value(_ name: String) throws(FirestoreError) -> FirestoreValue? {
        guard let value = self.raw(name) else { return nil }
        return try FirestoreValueCodec.decodeValue(value, at: self.path(name))
    }
}
