public import HearthFirestore
public import HearthJSON

/// Converts Firestore `Value`s between proto3 JSON (the REST wire format) and ``FirestoreValue``.
///
/// Decoding is as lenient as Google's front end is with real clients (JSON `null` or `0` for
/// `nullValue`, integers as numbers, doubles as strings, URL-safe base64, timezone offsets,
/// snake_case field names) and as strict as it is about shape (exactly one value key, no unknown
/// keys). Every error is INVALID_ARGUMENT and names the location in the request, e.g.
/// `document.fields.age.mapValue.fields.x` or `….arrayValue.values[2]`.
///
/// Encoding writes straight into a ``JSONWriter`` (no intermediate tree) in exactly the shape
/// Firestore returns: integers as strings, non-finite doubles as strings, timestamps in UTC with
/// 0/3/6/9 fractional digits, padded standard base64, empty arrays and maps as `{}`, and map keys
/// sorted by UTF-8 bytes so output is deterministic.
public enum FirestoreValueCodec {
    // MARK: Decoding

    /// Decodes one `Value` object.
    /// - Parameter location: where the value sits in the request, e.g. `document.fields.age`.
    public static func decodeValue(_ json: JSONValue, at location: String) throws(FirestoreError) -> FirestoreValue {
        guard case .object(let object) = json else {
            throw .invalidArgument(
                "Invalid value at '\(location)' (type.googleapis.com/google.firestore.v1.Value): expected an object, found \(Self.render(json))"
            )
        }
        var chosen: (kind: ValueKind, json: JSONValue)?
        for member in object {
            guard let kind = ValueKind(jsonName: member.key) else {
                throw Self.unknownName(member.key, at: location)
            }
            // proto3 JSON: `null` for a message or scalar field means "not set" (NullValue excepted).
            if member.value.isNull, kind != .nullValue { continue }
            if let chosen {
                throw .invalidArgument(
                    "Invalid value at '\(location)' (oneof), oneof field 'value_type' is already set. Cannot set '\(kind.jsonName)' (already set: '\(chosen.kind.jsonName)')"
                )
            }
            chosen = (kind, member.value)
        }
        guard let chosen else {
            throw .invalidArgument(
                "Invalid value at '\(location)' (type.googleapis.com/google.firestore.v1.Value): a Value must set exactly one of nullValue, booleanValue, integerValue, doubleValue, timestampValue, stringValue, bytesValue, referenceValue, geoPointValue, arrayValue or mapValue"
            )
        }
        return try Self.decode(chosen.kind, chosen.json, at: location)
    }

    /// Decodes a `fields` object (`{"name": Value, …}`) into a map. Absent or `null` gives an empty
    /// map; a repeated name keeps the last value, as JSON.parse-based clients would.
    /// - Parameter location: the location of the object itself, e.g. `document.fields`; each field
    ///   is reported as `location.name`.
    public static func decodeFields(_ json: JSONValue?, at location: String) throws(FirestoreError) -> MapValue {
        guard let json, !json.isNull else { return MapValue() }
        guard case .object(let object) = json else {
            throw .invalidArgument(
                "Invalid value at '\(location)': expected an object mapping field names to Values, found \(Self.render(json))"
            )
        }
        var fields: [String: FirestoreValue] = [:]
        fields.reserveCapacity(object.count)
        for member in object {
            fields[member.key] = try Self.decodeValue(member.value, at: location + "." + member.key)
        }
        return MapValue(fields: fields)
    }

    private static func decode(_ kind: ValueKind, _ json: JSONValue, at location: String) throws(FirestoreError) -> FirestoreValue {
        func invalid(_ detail: String) -> FirestoreError {
            .invalidArgument("Invalid value at '\(location)' (\(kind.jsonName)): \(detail)")
        }
        switch kind {
        case .nullValue:
            switch json {
            case .null, .string("NULL_VALUE"): return .null
            case .number(let number) where number.int64Value == 0: return .null
            default: throw invalid("\(Self.render(json)) is not a valid NullValue (expected \"NULL_VALUE\" or null)")
            }
        case .booleanValue:
            guard case .bool(let bool) = json else { throw invalid("\(Self.render(json)) is not a boolean") }
            return .boolean(bool)
        case .integerValue:
            let literal: String? =
                switch json {
                case .string(let text): text
                case .number(let number): number.text
                default: nil
                }
            guard let literal, let integer = Self.exactInt64(literal: literal) else {
                throw invalid("\(Self.render(json)) is not a valid 64-bit integer")
            }
            return .integer(integer)
        case .doubleValue:
            guard let double = Self.double(from: json) else {
                throw invalid("\(Self.render(json)) is not a valid double")
            }
            return .double(double)
        case .timestampValue:
            guard case .string(let text) = json else { throw invalid("\(Self.render(json)) is not an RFC 3339 string") }
            do {
                return .timestamp(try Timestamp(rfc3339: text).truncatedToMicroseconds())
            } catch {
                throw invalid(error.message)
            }
        case .stringValue:
            guard case .string(let text) = json else { throw invalid("\(Self.render(json)) is not a string") }
            return .string(text)
        case .bytesValue:
            guard case .string(let text) = json else { throw invalid("\(Self.render(json)) is not a string") }
            // Google's JSON parser's own words for bytes it cannot decode.
            guard let bytes = Base64.decode(text) else {
                throw .invalidArgument("Invalid value at '\(location)' (TYPE_BYTES), Base64 decoding failed for \"\(text.prefix(100))\"")
            }
            return .bytes(bytes)
        case .referenceValue:
            guard case .string(let text) = json else { throw invalid("\(Self.render(json)) is not a string") }
            do {
                return .reference(try DocumentName(parsing: text))
            } catch {
                throw invalid(error.message)
            }
        case .geoPointValue:
            return .geoPoint(try Self.decodeGeoPoint(json, at: location, invalid: invalid))
        case .arrayValue:
            return .array(try Self.decodeArray(json, at: location, invalid: invalid))
        case .mapValue:
            guard case .object(let object) = json else { throw invalid("expected an object, found \(Self.render(json))") }
            var fields: JSONValue?
            for member in object {
                guard member.key == "fields" else {
                    throw Self.unknownName(member.key, at: location + ".mapValue")
                }
                fields = member.value
            }
            return .map(try Self.decodeFields(fields, at: location + ".mapValue.fields"))
        case .pipelineOnly:
            throw invalid("pipeline-only values cannot be stored in a document")
        }
    }

    private static func decodeGeoPoint(
        _ json: JSONValue, at location: String, invalid: (String) -> FirestoreError
    ) throws(FirestoreError) -> GeoPoint {
        guard case .object(let object) = json else { throw invalid("expected an object, found \(Self.render(json))") }
        var latitude = 0.0
        var longitude = 0.0
        for member in object {
            if member.value.isNull { continue }
            switch member.key {
            case "latitude":
                guard let value = Self.double(from: member.value) else {
                    throw invalid("latitude \(Self.render(member.value)) is not a valid double")
                }
                latitude = value
            case "longitude":
                guard let value = Self.double(from: member.value) else {
                    throw invalid("longitude \(Self.render(member.value)) is not a valid double")
                }
                longitude = value
            default:
                throw Self.unknownName(member.key, at: location + ".geoPointValue")
            }
        }
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw invalid(error.message)
        }
    }

    private static func decodeArray(
        _ json: JSONValue, at location: String, invalid: (String) -> FirestoreError
    ) throws(FirestoreError) -> [FirestoreValue] {
        guard case .object(let object) = json else { throw invalid("expected an object, found \(Self.render(json))") }
        var values: [FirestoreValue] = []
        for member in object {
            guard member.key == "values" else {
                throw Self.unknownName(member.key, at: location + ".arrayValue")
            }
            switch member.value {
            case .null:
                values = []
            case .array(let elements):
                values = []
                values.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    values.append(try Self.decodeValue(element, at: "\(location).arrayValue.values[\(index)]"))
                }
            default:
                throw .invalidArgument(
                    "Invalid value at '\(location).arrayValue.values': expected an array of Values, found \(Self.render(member.value))"
                )
            }
        }
        return values
    }

    static func unknownName(_ name: String, at location: String) -> FirestoreError {
        .invalidArgument("Invalid JSON payload received. Unknown name \"\(Self.escaped(name))\" at '\(location)': Cannot find field.")
    }

    /// A short JSON rendering of an offending value for messages (long values are cut).
    static func render(_ json: JSONValue) -> String {
        let text = json.serializedString()
        return text.utf8.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    private static func escaped(_ name: String) -> String {
        let rendered = JSONValue.string(name).serializedString()
        return String(rendered.dropFirst().dropLast())
    }
}
