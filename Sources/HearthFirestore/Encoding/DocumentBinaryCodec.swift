/// The durable form of a document: compact binary, versioned, fast to decode.
///
/// Why not JSON: recovery decodes every stored document at start-up (a million of them must load
/// in seconds), and binary skips both text parsing and base64/number formatting. Layout:
/// `version(1) createTime(zigzag µs) updateTime(zigzag µs) fields(map)`; a value is a tag byte
/// then its payload (see `Tag`). Costs O(size) both ways with one allocation per string.
public enum DocumentBinaryCodec {
    static let version: UInt8 = 1

    enum Tag: UInt8 {
        case null = 0, `false`, `true`, integer, double, timestamp, string, bytes, reference, geoPoint, array, map
    }

    public static func encode(_ document: Document) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(Self.version)
        writer.signed(document.createTime.microsecondsSinceEpoch)
        writer.signed(document.updateTime.microsecondsSinceEpoch)
        Self.encode(document.fields, into: &writer)
        return writer.bytes
    }

    /// - Throws: DATA_LOSS naming the document when the bytes are not a valid record.
    public static func decode(_ bytes: [UInt8], path: DocumentPath) throws(FirestoreError) -> Document {
        var reader = BinaryReader(bytes)
        do throws(FirestoreError) {
            let version = try reader.byte()
            guard version == Self.version else {
                throw .dataLoss("unknown record version \(version) (this Hearth writes version \(Self.version); use the Hearth that wrote the data)")
            }
            let created = Timestamp(microsecondsSinceEpoch: try reader.signed())
            let updated = Timestamp(microsecondsSinceEpoch: try reader.signed())
            guard case .map(let fields) = try Self.decodeValue(&reader, depth: 0), reader.isAtEnd else {
                throw .dataLoss("the record has trailing or malformed bytes")
            }
            return Document(path: path, fields: fields, createTime: created, updateTime: updated)
        } catch {
            throw .dataLoss("Stored document \(path.relativeString) is corrupt: \(error.message)")
        }
    }

    private static func encode(_ fields: MapValue, into writer: inout BinaryWriter) {
        writer.byte(Tag.map.rawValue)
        writer.varint(UInt64(fields.count))
        for (key, value) in fields.fields {
            writer.string(key)
            Self.encode(value, into: &writer)
        }
    }

    private static func encode(_ value: FirestoreValue, into writer: inout BinaryWriter) {
        switch value {
        case .null: writer.byte(Tag.null.rawValue)
        case .boolean(let flag): writer.byte(flag ? Tag.true.rawValue : Tag.false.rawValue)
        case .integer(let integer):
            writer.byte(Tag.integer.rawValue)
            writer.signed(integer)
        case .double(let double):
            writer.byte(Tag.double.rawValue)
            writer.double(double)
        case .timestamp(let time):
            writer.byte(Tag.timestamp.rawValue)
            writer.signed(time.seconds)
            writer.varint(UInt64(time.nanos))
        case .string(let string):
            writer.byte(Tag.string.rawValue)
            writer.string(string)
        case .bytes(let bytes):
            writer.byte(Tag.bytes.rawValue)
            writer.data(bytes)
        case .reference(let name):
            writer.byte(Tag.reference.rawValue)
            writer.string(name.description)
        case .geoPoint(let point):
            writer.byte(Tag.geoPoint.rawValue)
            writer.double(point.latitude)
            writer.double(point.longitude)
        case .array(let values):
            writer.byte(Tag.array.rawValue)
            writer.varint(UInt64(values.count))
            for element in values { Self.encode(element, into: &writer) }
        case .map(let map):
            Self.encode(map, into: &writer)
        }
    }

    private static func decodeValue(_ reader: inout BinaryReader, depth: Int) throws(FirestoreError) -> FirestoreValue {
        guard depth <= FirestoreLimits.maxNestingDepth + 1 else { throw .dataLoss("values nest deeper than Firestore allows") }
        guard let tag = Tag(rawValue: try reader.byte()) else { throw .dataLoss("unknown value tag") }
        switch tag {
        case .null: return .null
        case .false: return .boolean(false)
        case .true: return .boolean(true)
        case .integer: return .integer(try reader.signed())
        case .double: return .double(try reader.double())
        case .timestamp:
            let seconds = try reader.signed()
            let nanos = try reader.varint()
            guard nanos < 1_000_000_000 else { throw .dataLoss("a timestamp has \(nanos) nanoseconds") }
            return .timestamp(Timestamp(seconds: seconds, nanos: Int32(nanos)))
        case .string: return .string(try reader.string())
        case .bytes: return .bytes(Array(try reader.data()))
        case .reference: return .reference(try DocumentName(parsing: reader.string()))
        case .geoPoint: return .geoPoint(try GeoPoint(latitude: reader.double(), longitude: reader.double()))
        case .array:
            let count = try reader.varint()
            var values: [FirestoreValue] = []
            for _ in 0..<count { values.append(try Self.decodeValue(&reader, depth: depth + 1)) }
            return .array(values)
        case .map:
            let count = try reader.varint()
            var fields: [String: FirestoreValue] = [:]
            fields.reserveCapacity(Int(min(count, 1024)))
            for _ in 0..<count {
                let key = try reader.string()
                fields[key] = try Self.decodeValue(&reader, depth: depth + 1)
            }
            return .map(MapValue(fields: fields))
        }
    }
}
