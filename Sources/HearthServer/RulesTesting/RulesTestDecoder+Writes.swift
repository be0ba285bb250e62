import HearthFirestore
import HearthJSON

/// Writes as the client SDKs send them (reference §1.2): `create` is a set that requires the
/// document to be missing, `set` replaces it, `merge` is `set(…, {merge: true})` (a mask of
/// every leaf), `update` is `update()` (a mask of the given field paths; the document must
/// exist), `delete` deletes (allowed or not whether or not the document exists).
extension RulesTestDecoder {
    /// One write; `prefix` is where its members sit (`""` for a case, `"writes[2]."` in a batch).
    func write(_ kind: String, _ object: JSONObject, at prefix: String) throws(RulesTestFileError) -> Write {
        let path = try self.documentPath(try self.string(object["path"], at: "\(prefix)path"), at: "\(prefix)path")
        let mode: RulesTestFields.Mode
        switch kind {
        case "delete":
            if object["data"] != nil { throw self.failure("\(prefix)data", "a delete takes no data") }
            return Write(path: path, operation: .delete)
        case "create", "set": mode = .set
        case "merge": mode = .merge
        case "update": mode = .update
        default:
            throw self.failure("\(prefix)operation", "unknown write \"\(kind)\" (expected one of create, set, merge, update, delete)")
        }
        let fields = try self.fields(object["data"], at: "\(prefix)data", as: mode)
        switch kind {
        case "create":
            return Write(path: path, operation: .update(fields: fields.map, mask: nil), precondition: .exists(false), transforms: fields.transforms)
        case "set":
            return Write(path: path, operation: .update(fields: fields.map, mask: nil), transforms: fields.transforms)
        case "merge":
            return Write(path: path, operation: .update(fields: fields.map, mask: fields.mask), transforms: fields.transforms)
        default:
            return Write(path: path, operation: .update(fields: fields.map, mask: fields.mask), precondition: .exists(true), transforms: fields.transforms)
        }
    }
}
