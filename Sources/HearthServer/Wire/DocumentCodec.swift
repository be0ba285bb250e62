import HearthFirestore
import HearthJSON

/// `google.firestore.v1.Document` in proto3 JSON.
///
/// Output order follows production (`name`, `fields`, `createTime`, `updateTime`); `fields` is
/// omitted for an empty document. A mask limits `fields` only.
enum DocumentCodec {
    static func encode(_ document: Document, in database: DatabaseID, mask: [FieldPath]?, into writer: inout JSONWriter) {
        let fields = mask.map { document.fields.projected(onto: $0) } ?? document.fields
        writer.beginObject()
        writer.key("name")
        writer.string(DocumentName(database: database, path: document.path).description)
        if !fields.isEmpty {
            writer.key("fields")
            FirestoreValueCodec.encodeFields(fields, into: &writer)
        }
        writer.key("createTime")
        writer.string(document.createTime.rfc3339)
        writer.key("updateTime")
        writer.string(document.updateTime.rfc3339)
        writer.endObject()
    }

    /// A `showMissing` entry: the name alone.
    static func encodeMissing(_ path: DocumentPath, in database: DatabaseID, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("name")
        writer.string(DocumentName(database: database, path: path).description)
        writer.endObject()
    }

    static func encode(_ document: Document, in database: DatabaseID, mask: [FieldPath]?) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512)
        self.encode(document, in: database, mask: mask, into: &writer)
        return writer.bytes
    }

    /// The body of CreateDocument / UpdateDocument: `{"name"?, "fields"?, "createTime"?, "updateTime"?}`.
    /// Output-only times are accepted (when they are timestamps) and ignored, as the service does.
    static func decodeBody(_ json: JSONValue) throws(FirestoreError) -> (name: String?, fields: MapValue) {
        guard case .object(let object) = json else {
            throw .invalidArgument("Invalid JSON payload received. The request body must be a Document object like {\"fields\": {…}}.")
        }
        var name: String?
        var seen: Set<String> = []
        for member in object {
            guard seen.insert(FirestoreParameters.camelCased(member.key)).inserted else { throw WireObject.duplicate(member.key, at: "document") }
            switch member.key {
            case "name":
                guard case .string(let text) = member.value else {
                    throw .invalidArgument("Invalid value at 'document.name' (TYPE_STRING): expected a string.")
                }
                name = text
            case "fields":
                continue
            case "createTime", "updateTime", "create_time", "update_time":
                // Output-only and ignored, but still parsed: the service refuses a body whose
                // times are not timestamps.
                switch member.value {
                case .null: continue
                case .string(let text): _ = try ConsistencyCodec.timestamp(text, at: "document.\(member.key)")
                default:
                    throw .invalidArgument(
                        "Invalid value at 'document.\(member.key)' (google.protobuf.Timestamp): expected an RFC 3339 timestamp string.")
                }
            default:
                throw .invalidArgument("Invalid JSON payload received. Unknown name \"\(member.key)\" at 'document': Cannot find field.")
            }
        }
        let fields = try FirestoreValueCodec.decodeFields(object["fields"], at: "document.fields")
        return (name, fields)
    }
}
