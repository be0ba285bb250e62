import HearthFirestore

/// ListDocuments: one page of a collection (`listing`), each document's fields limited to `mask`.
///
/// Wraps the store's `ListDocumentsRequest` with what the service adds: the database, the
/// read consistency and the mask.
struct ListDocumentsPageRequest: Sendable, Hashable {
    var database: DatabaseID
    var listing: ListDocumentsRequest
    var mask: [FieldPath]?
    var consistency: ReadConsistency = .latest
}
