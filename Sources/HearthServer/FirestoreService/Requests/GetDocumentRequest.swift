import HearthFirestore

/// GetDocument: one document by path, its fields limited to `mask`, read as `consistency` says.
struct GetDocumentRequest: Sendable, Hashable {
    var database: DatabaseID
    var path: DocumentPath
    /// The fields to return; nil for all.
    var mask: [FieldPath]?
    var consistency: ReadConsistency = .latest
}
