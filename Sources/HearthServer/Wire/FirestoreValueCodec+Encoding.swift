public import HearthFirestore
public import HearthJSON

extension FirestoreValueCodec {
    // MARK: Encoding

    /// Writes one `Value` object, e.g. `{"integerValue":"5"}`.
    ///
    /// Hot path of GetDocument/RunQuery: writes directly into `writer`; the only allocations are
    /// the per-map key sort and the text of numbers, timestamps and base64.
    public static func encode(_ value: FirestoreValue, into writer: inout JSONWriter) {
        writer.beginObject()
        switch value {
        case .null:
            writer.key("nullValue")
            writer.null()
        case .boolean(let bool):
            writer.key("booleanValue")
            writer.bool(bool)
        case .integer(let integer):
            writer.key("integerValue")
            writer.string(String(integer))
        case .double(let double):
            writer.key("doubleValue")
            Self.writeDouble(double, into: &writer)
        case .timestamp(let timestamp):
            writer.key("timestampValue")
            writer.string(timestamp.rfc3339)
        case .string(let string):
            writer.key("stringValue")
            writer.string(string)
        case .bytes(let bytes):
            writer.key("bytesValue")
            writer.string(Base64.encode(bytes))
        case .reference(let name):
            writer.key("referenceValue")
            writer.string(name.description)
        case .geoPoint(let point):
            writer.key("geoPointValue")
            writer.beginObject()
            writer.key("latitude")
            Self.writeDouble(point.latitude, into: &writer)
            writer.key("longitude")
            Self.writeDouble(point.longitude, into: &writer)
            writer.endObject()
        case .array(let elements):
            writer.key("arrayValue")
            writer.beginObject()
            if !elements.isEmpty {
                writer.key("values")
                writer.beginArray()
                for element in elements {
                    Self.encode(element, into: &writer)
                }
                writer.endArray()
            }
            writer.endObject()
        case .map(let map):
            writer.key("mapValue")
            writer.beginObject()
            if !map.isEmpty {
                writer.key("fields")
                Self.encodeFields(map, into: &writer)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// Writes `{"name": Value, …}` with names sorted by UTF-8 bytes (deterministic output).
    public static func encodeFields(_ fields: MapValue, into writer: inout JSONWriter) {
        writer.beginObject()
        for (key, value) in fields.sortedFields {
            writer.key(key)
            Self.encode(value, into: &writer)
        }
        writer.endObject()
    }

    /// Encodes one value to standalone JSON bytes (convenience for tests and small payloads).
    public static func encode(_ value: FirestoreValue) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64)
        Self.encode(value, into: &writer)
        return writer.bytes
    }

    /// proto3 JSON for a double: a number, or the strings "NaN", "Infinity", "-Infinity".
    private static func writeDouble(_ double: Double, into writer: inout JSONWriter) {
        if double.isNaN {
            writer.string("NaN")
        } else if double.isInfinite {
            writer.string(double < 0 ? "-Infinity" : "Infinity")
        } else {
            writer.double(double)
        }
    }
}
