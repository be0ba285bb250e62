import Foundation
import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf

/// `google.firestore.v1.Value` (protobuf) ↔ ``FirestoreValue``: the gRPC twin of
/// `FirestoreValueCodec` (JSON), with the same rules: timestamps truncated to microseconds
/// and within Firestore's range, geo points validated, references parsed as document names,
/// pipeline-only values refused. Errors are INVALID_ARGUMENT naming the location in the
/// request (`document.fields.age`, `….array_value.values[2]`), as REST names them.
enum ProtoValueCodec {
    typealias Value = Google_Firestore_V1_Value

    static func decode(_ value: Value, at location: String) throws(FirestoreError) -> FirestoreValue {
        func invalid(_ detail: String) -> FirestoreError {
            .invalidArgument("Invalid value at '\(location)': \(detail)")
        }
        switch value.valueType {
        case nil:
            throw .invalidArgument(
                "Invalid value at '\(location)' (type.googleapis.com/google.firestore.v1.Value): a Value must set exactly one of null_value, boolean_value, integer_value, double_value, timestamp_value, string_value, bytes_value, reference_value, geo_point_value, array_value or map_value"
            )
        case .nullValue: return .null
        case .booleanValue(let bool): return .boolean(bool)
        case .integerValue(let integer): return .integer(integer)
        case .doubleValue(let double): return .double(double)
        case .timestampValue(let timestamp): return .timestamp(try Self.timestamp(timestamp, at: location + ".timestamp_value"))
        case .stringValue(let text): return .string(text)
        case .bytesValue(let data): return .bytes(Array(data))
        case .referenceValue(let name):
            do {
                return .reference(try DocumentName(parsing: name))
            } catch {
                throw invalid("reference_value: \(error.message)")
            }
        case .geoPointValue(let point):
            do {
                return .geoPoint(try GeoPoint(latitude: point.latitude, longitude: point.longitude))
            } catch {
                throw invalid("geo_point_value: \(error.message)")
            }
        case .arrayValue(let array):
            var values: [FirestoreValue] = []
            values.reserveCapacity(array.values.count)
            for (index, element) in array.values.enumerated() {
                values.append(try Self.decode(element, at: "\(location).array_value.values[\(index)]"))
            }
            return .array(values)
        case .mapValue(let map):
            return .map(try Self.decodeFields(map.fields, at: location + ".map_value.fields"))
        case .fieldReferenceValue, .functionValue, .pipelineValue, .variableReferenceValue:
            throw invalid("pipeline-only values cannot be stored in a document")
        }
    }

    /// A `fields` map; each field is reported as `location.name`.
    static func decodeFields(_ fields: [String: Value], at location: String) throws(FirestoreError) -> MapValue {
        var decoded: [String: FirestoreValue] = [:]
        decoded.reserveCapacity(fields.count)
        for (name, value) in fields {
            decoded[name] = try Self.decode(value, at: location + "." + name)
        }
        return MapValue(fields: decoded)
    }

    static func encode(_ value: FirestoreValue) -> Value {
        var proto = Value()
        switch value {
        case .null: proto.nullValue = .nullValue
        case .boolean(let bool): proto.booleanValue = bool
        case .integer(let integer): proto.integerValue = integer
        case .double(let double): proto.doubleValue = double
        case .timestamp(let timestamp): proto.timestampValue = Self.encode(timestamp)
        case .string(let text): proto.stringValue = text
        case .bytes(let bytes): proto.bytesValue = Data(bytes)
        case .reference(let name): proto.referenceValue = name.description
        case .geoPoint(let point):
            var latLng = Google_Type_LatLng()
            latLng.latitude = point.latitude
            latLng.longitude = point.longitude
            proto.geoPointValue = latLng
        case .array(let values):
            var array = Google_Firestore_V1_ArrayValue()
            array.values = values.map(Self.encode)
            proto.arrayValue = array
        case .map(let map):
            var encoded = Google_Firestore_V1_MapValue()
            encoded.fields = Self.encodeFields(map)
            proto.mapValue = encoded
        }
        return proto
    }

    static func encodeFields(_ map: MapValue) -> [String: Value] {
        var fields: [String: Value] = [:]
        fields.reserveCapacity(map.count)
        for (name, value) in map.fields { fields[name] = Self.encode(value) }
        return fields
    }

    /// A request timestamp: normalised, within 0001–9999, truncated to microseconds (as the
    /// store keeps it).
    static func timestamp(_ proto: Google_Protobuf_Timestamp, at location: String) throws(FirestoreError) -> Timestamp {
        guard (0..<1_000_000_000).contains(proto.nanos) else {
            throw .invalidArgument("Invalid value at '\(location)' (google.protobuf.Timestamp): nanos \(proto.nanos) is outside 0..999999999.")
        }
        let timestamp = Timestamp(seconds: proto.seconds, nanos: proto.nanos)
        guard timestamp.isInFirestoreRange else {
            throw .invalidArgument(
                "Invalid value at '\(location)' (google.protobuf.Timestamp): \(proto.seconds) seconds is outside 0001-01-01T00:00:00Z..9999-12-31T23:59:59.999999999Z.")
        }
        return timestamp.truncatedToMicroseconds()
    }

    static func encode(_ timestamp: Timestamp) -> Google_Protobuf_Timestamp {
        var proto = Google_Protobuf_Timestamp()
        proto.seconds = timestamp.seconds
        proto.nanos = timestamp.nanos
        return proto
    }
}
