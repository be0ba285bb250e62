import HearthFirestore
import HearthJSON

/// `DIR/hearth-export.json`: what an export holds and where (see README "Import and export").
///
/// ```json
/// {"format":"hearth-export","version":1,"createdAt":"2026-01-01T00:00:00Z",
///  "firestore":[{"project":"p","database":"(default)","documents":3,"file":"firestore/p/(default).jsonl"}]}
/// ```
///
/// `"database":[{"namespace":"demo-hearth-default-rtdb","values":12,"file":"database/demo-hearth-default-rtdb.json"}]`
/// lists the Realtime Database namespaces. Unknown top-level keys are ignored on import, so
/// later versions can add sections that older readers skip.
struct ExportManifest: Sendable, Equatable {
    static let fileName = "hearth-export.json"
    static let format = "hearth-export"
    static let version = 1

    var createdAt: Timestamp
    var firestore: [ExportedDatabase]
    /// Realtime Database namespaces (absent from exports of older Hearths: read as none).
    var database: [ExportedNamespace] = []

    /// The JSON text of the manifest, pretty-printed for people.
    func encoded() -> [UInt8] {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("format")
        writer.string(Self.format)
        writer.key("version")
        writer.integer(Int64(Self.version))
        writer.key("createdAt")
        writer.string(self.createdAt.rfc3339)
        writer.key("firestore")
        writer.beginArray()
        for entry in self.firestore {
            writer.beginObject()
            writer.key("project")
            writer.string(entry.database.project)
            writer.key("database")
            writer.string(entry.database.database)
            writer.key("documents")
            writer.integer(Int64(entry.documents))
            writer.key("file")
            writer.string(entry.file)
            writer.endObject()
        }
        writer.endArray()
        writer.key("database")
        writer.beginArray()
        for entry in self.database {
            writer.beginObject()
            writer.key("namespace")
            writer.string(entry.namespace)
            writer.key("values")
            writer.integer(Int64(entry.values))
            writer.key("file")
            writer.string(entry.file)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// Reads a manifest; `path` is only for messages.
    static func decode(_ bytes: [UInt8], path: String) throws(DataTransferError) -> ExportManifest {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw DataTransferError("\(path) is not a Hearth export manifest: \(error)")
        }
        guard let object = json.objectValue, object["format"]?.stringValue == Self.format else {
            throw DataTransferError("\(path) is not a Hearth export manifest (no \"format\": \"\(Self.format)\").")
        }
        guard let version = object["version"]?.numberValue.flatMap({ Int($0.description) }), version == Self.version else {
            throw DataTransferError(
                "\(path) has export format version \(object["version"].map(FirestoreValueCodec.render) ?? "(missing)"); this Hearth reads version \(Self.version).")
        }
        var entries: [ExportedDatabase] = []
        for (index, item) in (object["firestore"]?.arrayValue ?? []).enumerated() {
            guard let entry = item.objectValue, let project = entry["project"]?.stringValue,
                let database = entry["database"]?.stringValue, let file = entry["file"]?.stringValue
            else {
                throw DataTransferError("\(path): firestore[\(index)] needs string \"project\", \"database\" and \"file\".")
            }
            guard !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
                throw DataTransferError("\(path): firestore[\(index)].file \"\(file)\" must be a path inside the export directory.")
            }
            let id: DatabaseID
            do {
                id = try DatabaseID(project: project, database: database)
            } catch {
                throw DataTransferError("\(path): firestore[\(index)]: \(error.message)")
            }
            let documents = entry["documents"]?.numberValue.flatMap { Int($0.description) } ?? 0
            entries.append(ExportedDatabase(database: id, documents: documents, file: file))
        }
        var namespaces: [ExportedNamespace] = []
        for (index, item) in (object["database"]?.arrayValue ?? []).enumerated() {
            guard let entry = item.objectValue, let namespace = entry["namespace"]?.stringValue, let file = entry["file"]?.stringValue,
                DatabaseNamespaceName.isValid(namespace), !file.hasPrefix("/"), !file.split(separator: "/").contains("..")
            else {
                throw DataTransferError("\(path): database[\(index)] needs a \"namespace\" (a database name) and a \"file\" inside the export directory.")
            }
            let values = entry["values"]?.numberValue.flatMap { Int($0.description) } ?? 0
            namespaces.append(ExportedNamespace(namespace: namespace, values: values, file: file))
        }
        let createdAt = object["createdAt"]?.stringValue.flatMap { try? Timestamp(rfc3339: $0) } ?? Timestamp(seconds: 0, nanos: 0)
        return ExportManifest(createdAt: createdAt, firestore: entries, database: namespaces)
    }
}
