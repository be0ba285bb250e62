import HearthFirestore

/// CreateDocument: a new document in `collection`, named `documentID` or an auto ID.
struct CreateDocumentRequest: Sendable, Hashable {
    var database: DatabaseID
    var collection: CollectionPath
    /// nil: a 20-character auto ID.
    var documentID: String?
    var fields: MapValue
    /// The fields of the created document to return; nil for all.
    var mask: [FieldPath]?
}
