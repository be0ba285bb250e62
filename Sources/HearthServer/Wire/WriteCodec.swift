import HearthCore
import HearthFirestore
import HearthJSON

/// `google.firestore.v1.Write` and `WriteResult` in JSON.
///
/// Document names in writes are full resource names and must belong to the database in the
/// URL. `verify` is not in the public proto but the web SDK's transactions send it
/// (reference §1.2), so it is accepted.
enum WriteCodec {
    static func decode(_ json: JSONValue, in database: DatabaseID, at location: String) throws(FirestoreError) -> Write {
        let write = try WireObject(json, at: location, allowing: ["update", "delete", "transform", "verify", "updateMask", "updateTransforms", "currentDocument"])
        let precondition = try self.decodePrecondition(write.object("currentDocument", allowing: ["exists", "updateTime"]))
        let kinds = ["update", "delete", "transform", "verify"].filter { write.has($0) }
        guard kinds.count == 1 else {
            throw .invalidArgument("Invalid value at '\(location)': a write needs exactly one of update, delete, transform or verify (got \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))).")
        }
        var transforms = try write.array("updateTransforms").enumerated().map { index, item throws(FirestoreError) in
            try self.decodeTransform(item, at: "\(location).update_transforms[\(index)]")
        }
        switch kinds[0] {
        case "update":
            let body = try DocumentCodec.decodeBody(write.raw("update")!)
            let path = try self.path(body.name ?? "", in: database, at: write.path("update.name"))
            let mask = try write.documentMask("updateMask")
            return Write(path: path, operation: .update(fields: body.fields, mask: mask), precondition: precondition, transforms: transforms)
        case "delete":
            return Write(path: try self.path(write.string("delete") ?? "", in: database, at: write.path("delete")), operation: .delete, precondition: precondition)
        case "verify":
            return Write(path: try self.path(write.string("verify") ?? "", in: database, at: write.path("verify")), operation: .verify, precondition: precondition)
        default:
            let transform = try write.object("transform", allowing: ["document", "fieldTransforms"])!
            let path = try self.path(transform.string("document") ?? "", in: database, at: transform.path("document"))
            transforms += try transform.array("fieldTransforms").enumerated().map { index, item throws(FirestoreError) in
                try self.decodeTransform(item, at: "\(transform.location).field_transforms[\(index)]")
            }
            return Write(path: path, operation: .transform, precondition: precondition, transforms: transforms)
        }
    }

    static func decodePrecondition(_ object: WireObject?) throws(FirestoreError) -> Precondition? {
        guard let object else { return nil }
        let exists = try object.bool("exists")
        let time = try object.string("updateTime")
        switch (exists, time) {
        case (nil, nil): return nil
        case (let exists?, nil): return .exists(exists)
        case (nil, let text?):
            do { return .updateTime(try Timestamp(rfc3339: text).truncatedToMicroseconds()) } catch {
                throw .invalidArgument("Invalid value at '\(object.location).update_time': \(error.message)")
            }
        case (_?, _?):
            throw .invalidArgument("Invalid value at '\(object.location)': set exists or updateTime, not both.")
        }
    }

    static func decodeTransform(_ json: JSONValue, at location: String) throws(FirestoreError) -> FieldTransform {
        let kinds: Set<String> = ["setToServerValue", "increment", "maximum", "minimum", "appendMissingElements", "removeAllFromArray"]
        let object = try WireObject(json, at: location, allowing: kinds.union(["fieldPath"]))
        guard let text = try object.string("fieldPath") else { throw .invalidArgument("Invalid value at '\(location)': fieldPath is required.") }
        let field: FieldPath
        do { field = try FieldPath(parsing: text) } catch { throw .invalidArgument("Invalid value at '\(location).field_path': \(error.message)") }
        let present = kinds.filter { object.has($0) }
        guard present.count == 1, let kind = present.first else {
            throw .invalidArgument("Invalid value at '\(location)': a field transform needs exactly one transform type.")
        }
        switch kind {
        case "setToServerValue":
            guard try object.enumeration("setToServerValue", [("REQUEST_TIME", 1, true)]) != nil else {
                throw .invalidArgument("Invalid value at '\(location).set_to_server_value': only REQUEST_TIME is supported.")
            }
            return FieldTransform(field: field, kind: .serverRequestTime)
        case "increment": return FieldTransform(field: field, kind: .increment(try object.value("increment")!))
        case "maximum": return FieldTransform(field: field, kind: .maximum(try object.value("maximum")!))
        case "minimum": return FieldTransform(field: field, kind: .minimum(try object.value("minimum")!))
        default:
            let array = try object.object(kind, allowing: ["values"])!
            let values = try array.array("values").enumerated().map { index, item throws(FirestoreError) in
                try FirestoreValueCodec.decodeValue(item, at: "\(array.location).values[\(index)]")
            }
            return FieldTransform(field: field, kind: kind == "appendMissingElements" ? .appendMissingElements(values) : .removeAllFromArray(values))
        }
    }

    /// A full document name in `database`, or INVALID_ARGUMENT naming what was wrong.
    static func path(_ name: String, in database: DatabaseID, at location: String) throws(FirestoreError) -> DocumentPath {
        // Fast path for the usual case, a name in the URL's database: split only the tail.
        let root = database.documentsRoot + "/"
        if name.utf8.starts(with: root.utf8), let tail = String(name.utf8.dropFirst(root.utf8.count)) {
            return try DocumentPath(segments: tail.slashSeparated())
        }
        let parsed = try DocumentName(parsing: name)
        guard parsed.database == database else {
            throw .invalidArgument("Invalid value at '\(location)': \"\(name)\" is not in database \(database.name) named in the URL.")
        }
        return parsed.path
    }

    static func encode(_ result: WriteResult, into writer: inout JSONWriter) {
        writer.beginObject()
        if let time = result.updateTime {
            writer.key("updateTime")
            writer.string(time.rfc3339)
        }
        if !result.transformResults.isEmpty {
            writer.key("transformResults")
            writer.beginArray()
            for value in result.transformResults { FirestoreValueCodec.encode(value, into: &writer) }
            writer.endArray()
        }
        writer.endObject()
    }
}
