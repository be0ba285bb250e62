import HearthFirestore
import HearthJSON

/// Plain JSON as Firestore values: numbers without a fraction or exponent are integers, others
/// doubles; strings, booleans, null, arrays and objects (maps) are themselves. An object with a
/// single `__tag__` member is a tagged value: `__time__` (RFC 3339 text), `__ref__` (a document
/// path in the file's database), `__bytes__` (base64), `__geo__` ([latitude, longitude]),
/// `__double__` (a number, or "NaN", "Infinity", "-Infinity"), `__repeat__` ([text, count]: a
/// long string), `__value__` (a REST `Value`, e.g. {"integerValue": "1"}). Field values may also
/// be the sentinels `{"__serverTimestamp__": true}` and, in merge and update data,
/// `{"__delete__": true}`.
extension RulesTestDecoder {
    static let tags = ["__time__", "__ref__", "__bytes__", "__geo__", "__double__", "__repeat__", "__value__"]

    /// `data` (or a seed document) as fields, a mask and transforms, for `mode`.
    func fields(_ json: JSONValue?, at location: String, as mode: RulesTestFields.Mode) throws(RulesTestFileError) -> RulesTestFields {
        guard case .object(let object)? = json else {
            throw self.failure(location, "expected an object of fields, found \(json?.typeName ?? "nothing")")
        }
        var result = RulesTestFields()
        for member in object {
            let here = "\(location).\(member.key)"
            let path =
                mode == .update
                ? try self.attempt(here) { () throws(FirestoreError) in try FieldPath(parsing: member.key) }
                : FieldPath(segments: [member.key])
            try self.field(member.value, at: here, path: path, mode: mode, topLevel: true, into: &result)
        }
        return result
    }

    private func field(
        _ json: JSONValue, at location: String, path: FieldPath, mode: RulesTestFields.Mode, topLevel: Bool, into result: inout RulesTestFields
    ) throws(RulesTestFileError) {
        if Self.isSentinel(json, "__serverTimestamp__") {
            result.transforms.append(FieldTransform(field: path, kind: .serverRequestTime))
            return
        }
        if mode == .update, topLevel { result.mask.append(path) }
        if Self.isSentinel(json, "__delete__") {
            guard mode != .set else { throw self.failure(location, "{\"__delete__\": true} is only allowed in merge and update data") }
            guard mode == .merge || topLevel else { throw self.failure(location, "{\"__delete__\": true} must be a top-level field of update data") }
            if mode == .merge { result.mask.append(path) }
            return
        }
        if case .object(let object) = json, Self.tag(of: object) == nil {
            if object.isEmpty {
                result.map.setValue(.map(MapValue()), at: path)
                if mode == .merge { result.mask.append(path) }
            }
            for member in object {
                try self.field(member.value, at: "\(location).\(member.key)", path: path.appending(member.key), mode: mode, topLevel: false, into: &result)
            }
            return
        }
        result.map.setValue(try self.value(json, at: location), at: path)
        if mode == .merge { result.mask.append(path) }
    }

    /// One value (not a sentinel).
    func value(_ json: JSONValue, at location: String) throws(RulesTestFileError) -> FirestoreValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .string(let text): return .string(text)
        case .number(let number):
            guard number.isIntegerLiteral else { return .double(number.doubleValue) }
            guard let integer = number.int64Value else {
                throw self.failure(location, "\(number.text) is beyond the 64-bit integer range (write \(number.text).0 for a double)")
            }
            return .integer(integer)
        case .array(let items):
            var values: [FirestoreValue] = []
            for (index, item) in items.enumerated() { values.append(try self.value(item, at: "\(location)[\(index)]")) }
            return .array(values)
        case .object(let object):
            if let tag = Self.tag(of: object) { return try self.tagged(tag, object[tag]!, at: "\(location).\(tag)") }
            var fields: [String: FirestoreValue] = [:]
            for member in object { fields[member.key] = try self.value(member.value, at: "\(location).\(member.key)") }
            return .map(MapValue(fields: fields))
        }
    }

    private func tagged(_ tag: String, _ json: JSONValue, at location: String) throws(RulesTestFileError) -> FirestoreValue {
        switch (tag, json) {
        case ("__time__", .string(let text)):
            return .timestamp(try self.attempt(location) { () throws(FirestoreError) in try Timestamp(rfc3339: text) })
        case ("__ref__", .string(let text)):
            let path = try self.documentPath(text, at: location)
            return .reference(DocumentName(database: self.database, path: path))
        case ("__bytes__", .string(let text)):
            guard let bytes = Base64.decode(text) else { throw self.failure(location, "not valid base64") }
            return .bytes(bytes)
        case ("__geo__", .array(let pair)) where pair.count == 2:
            guard case .number(let latitude) = pair[0], case .number(let longitude) = pair[1] else { break }
            return .geoPoint(try self.attempt(location) { () throws(FirestoreError) in
                try GeoPoint(latitude: latitude.doubleValue, longitude: longitude.doubleValue)
            })
        case ("__double__", .number(let number)):
            return .double(number.doubleValue)
        case ("__double__", .string(let text)) where ["NaN", "Infinity", "-Infinity"].contains(text):
            return .double(text == "NaN" ? .nan : text == "Infinity" ? .infinity : -.infinity)
        case ("__repeat__", .array(let pair)) where pair.count == 2:
            guard case .string(let text) = pair[0], case .number(let count) = pair[1], let times = count.int64Value, times >= 0, times <= 1_048_576
            else { break }
            return .string(String(repeating: text, count: Int(times)))
        case ("__value__", _):
            return try self.attempt(location) { () throws(FirestoreError) in try FirestoreValueCodec.decodeValue(json, at: location) }
        case ("__serverTimestamp__", _), ("__delete__", _):
            throw self.failure(location, "\(tag) is only allowed as a field of write data, not inside an array or a query")
        default:
            if !Self.tags.contains(tag) {
                throw self.failure(location, "unknown tag \(tag) (expected one of \(Self.tags.joined(separator: ", ")), __serverTimestamp__, __delete__)")
            }
        }
        throw self.failure(location, "\(json.serializedString()) is not a valid \(tag) (see rules/README.md, \"Rules test files\")")
    }

    /// The tag of `{"__tag__": …}`: a one-member object whose key starts and ends with `__`
    /// (Firestore reserves such field names, so no real map is mistaken for one).
    static func tag(of object: JSONObject) -> String? {
        guard object.count == 1, let key = object.keys.first, key.count > 4, key.hasPrefix("__"), key.hasSuffix("__") else { return nil }
        return key
    }

    private static func isSentinel(_ json: JSONValue, _ name: String) -> Bool {
        guard case .object(let object) = json, object.count == 1, let member = object.members.first else { return false }
        return member.key == name && member.value == .bool(true)
    }
}
