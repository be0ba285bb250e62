import HearthFirestore

/// DeleteDocument: `path`, under `precondition`.
struct DeleteDocumentRequest: Sendable, Hashable {
    var database: DatabaseID
    var path: DocumentPath
    var precondition: Precondition?
}
