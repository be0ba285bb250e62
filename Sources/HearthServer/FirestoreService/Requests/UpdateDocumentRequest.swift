import HearthFirestore

/// UpdateDocument: an upsert of `path`, whole or limited to `updateMask`, under `precondition`.
struct UpdateDocumentRequest: Sendable, Hashable {
    var database: DatabaseID
    var path: DocumentPath
    var fields: MapValue
    /// The fields to change (absent ones in `fields` are deleted); nil replaces the document.
    var updateMask: [FieldPath]?
    var precondition: Precondition?
    /// The fields of the updated document to return; nil for all.
    var mask: [FieldPath]?
}
