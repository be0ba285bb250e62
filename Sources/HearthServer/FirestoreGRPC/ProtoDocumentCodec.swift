import HearthFirestore
import HearthFirestoreProto

/// `google.firestore.v1.Document` (protobuf) ↔ domain documents, names and masks: the gRPC
/// twin of `DocumentCodec` and `WriteCodec.path` (JSON).
enum ProtoDocumentCodec {
    /// A document as the API returns it; `mask` limits `fields` only.
    static func encode(_ document: Document, in database: DatabaseID, mask: [FieldPath]? = nil) -> Google_Firestore_V1_Document {
        var proto = Google_Firestore_V1_Document()
        proto.name = DocumentName(database: database, path: document.path).description
        proto.fields = ProtoValueCodec.encodeFields(mask.map { document.fields.projected(onto: $0) } ?? document.fields)
        proto.createTime = ProtoValueCodec.encode(document.createTime)
        proto.updateTime = ProtoValueCodec.encode(document.updateTime)
        return proto
    }

    /// A full document name in `database` (INVALID_ARGUMENT naming `location` otherwise).
    static func path(_ name: String, in database: DatabaseID, at location: String) throws(FirestoreError) -> DocumentPath {
        try WriteCodec.path(name, in: database, at: location)
    }

    /// A `DocumentMask`'s paths, parsed; nil when the message has none.
    static func mask(_ mask: Google_Firestore_V1_DocumentMask?, at location: String) throws(FirestoreError) -> [FieldPath]? {
        guard let mask else { return nil }
        var paths: [FieldPath] = []
        for (index, text) in mask.fieldPaths.enumerated() {
            do {
                paths.append(try FieldPath(parsing: text))
            } catch {
                throw .invalidArgument("Invalid value at '\(location).field_paths[\(index)]': \(error.message)")
            }
        }
        return paths
    }

    /// A read mask (`mask` of GetDocument, ListDocuments, BatchGetDocuments), reserved names refused.
    static func readMask(_ mask: Google_Firestore_V1_DocumentMask?, at location: String) throws(FirestoreError) -> [FieldPath]? {
        guard mask != nil else { return nil }  // most reads have none: no location string to build
        return try ReadMask.validated(self.mask(mask, at: location), at: "\(location).field_paths")
    }
}
