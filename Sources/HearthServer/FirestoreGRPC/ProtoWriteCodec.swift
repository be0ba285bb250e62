import HearthFirestore
import HearthFirestoreProto

/// `google.firestore.v1.Write`, `Precondition`, `DocumentTransform.FieldTransform` and
/// `WriteResult` (protobuf) ↔ domain writes: the gRPC twin of `WriteCodec` (JSON), with the
/// same checks and messages (names in the request's database, exactly one operation, one
/// transform kind, REQUEST_TIME the only server value).
enum ProtoWriteCodec {
    typealias Proto = Google_Firestore_V1_Write

    static func decode(_ write: Proto, in database: DatabaseID, at location: String) throws(FirestoreError) -> Write {
        let precondition = try self.decode(write.hasCurrentDocument ? write.currentDocument : nil, at: location + ".current_document")
        var transforms = try write.updateTransforms.enumerated().map { index, item throws(FirestoreError) in
            try self.decode(item, at: "\(location).update_transforms[\(index)]")
        }
        switch write.operation {
        case .update(let document):
            let path = try ProtoDocumentCodec.path(document.name, in: database, at: location + ".update.name")
            let fields = try ProtoValueCodec.decodeFields(document.fields, at: location + ".update.fields")
            let mask = try ProtoDocumentCodec.mask(write.hasUpdateMask ? write.updateMask : nil, at: location + ".update_mask")
            return Write(path: path, operation: .update(fields: fields, mask: mask), precondition: precondition, transforms: transforms)
        case .delete(let name):
            return Write(path: try ProtoDocumentCodec.path(name, in: database, at: location + ".delete"), operation: .delete, precondition: precondition)
        case .transform(let transform):
            let path = try ProtoDocumentCodec.path(transform.document, in: database, at: location + ".transform.document")
            transforms += try transform.fieldTransforms.enumerated().map { index, item throws(FirestoreError) in
                try self.decode(item, at: "\(location).transform.field_transforms[\(index)]")
            }
            return Write(path: path, operation: .transform, precondition: precondition, transforms: transforms)
        case nil:
            throw .invalidArgument("Invalid value at '\(location)': a write needs exactly one of update, delete or transform (got none).")
        }
    }

    static func decode(_ precondition: Google_Firestore_V1_Precondition?, at location: String) throws(FirestoreError) -> Precondition? {
        switch precondition?.conditionType {
        case nil: return nil
        case .exists(let exists): return .exists(exists)
        case .updateTime(let time): return .updateTime(try ProtoValueCodec.timestamp(time, at: location + ".update_time"))
        }
    }

    static func decode(_ transform: Google_Firestore_V1_DocumentTransform.FieldTransform, at location: String) throws(FirestoreError) -> FieldTransform {
        let field: FieldPath
        do {
            field = try FieldPath(parsing: transform.fieldPath)
        } catch {
            throw .invalidArgument("Invalid value at '\(location).field_path': \(error.message)")
        }
        func value(_ proto: Google_Firestore_V1_Value, _ name: String) throws(FirestoreError) -> FirestoreValue {
            try ProtoValueCodec.decode(proto, at: "\(location).\(name)")
        }
        func values(_ array: Google_Firestore_V1_ArrayValue, _ name: String) throws(FirestoreError) -> [FirestoreValue] {
            try array.values.enumerated().map { index, item throws(FirestoreError) in
                try ProtoValueCodec.decode(item, at: "\(location).\(name).values[\(index)]")
            }
        }
        switch transform.transformType {
        case .setToServerValue(let server):
            guard server == .requestTime else {
                throw .invalidArgument("Invalid value at '\(location).set_to_server_value': only REQUEST_TIME is supported.")
            }
            return FieldTransform(field: field, kind: .serverRequestTime)
        case .increment(let operand): return FieldTransform(field: field, kind: .increment(try value(operand, "increment")))
        case .maximum(let operand): return FieldTransform(field: field, kind: .maximum(try value(operand, "maximum")))
        case .minimum(let operand): return FieldTransform(field: field, kind: .minimum(try value(operand, "minimum")))
        case .appendMissingElements(let array):
            return FieldTransform(field: field, kind: .appendMissingElements(try values(array, "append_missing_elements")))
        case .removeAllFromArray(let array):
            return FieldTransform(field: field, kind: .removeAllFromArray(try values(array, "remove_all_from_array")))
        case nil:
            throw .invalidArgument("Invalid value at '\(location)': a field transform needs exactly one transform type.")
        }
    }

    static func encode(_ result: WriteResult) -> Google_Firestore_V1_WriteResult {
        var proto = Google_Firestore_V1_WriteResult()
        if let time = result.updateTime { proto.updateTime = ProtoValueCodec.encode(time) }
        proto.transformResults = result.transformResults.map(ProtoValueCodec.encode)
        return proto
    }

    /// The writes of a Commit or BatchWrite request.
    static func decode(_ writes: [Proto], in database: DatabaseID) throws(FirestoreError) -> [Write] {
        try writes.enumerated().map { index, write throws(FirestoreError) in
            try self.decode(write, in: database, at: "writes[\(index)]")
        }
    }
}
