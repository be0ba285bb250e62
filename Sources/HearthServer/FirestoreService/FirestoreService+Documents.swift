import HearthFirestore

/// The document methods: GetDocument, ListDocuments, CreateDocument, UpdateDocument,
/// DeleteDocument.
extension FirestoreService {
    /// GetDocument: the document, its fields limited to `mask`; NOT_FOUND (after the rules
    /// allowed the read, as production orders it) when there is none.
    func getDocument(_ request: GetDocumentRequest, caller: Caller) throws(FirestoreError) -> Document {
        let call = self.call(request.database, caller)
        let read = try call.store.document(at: request.path, request.consistency)
        try call.authorize(get: request.path, read.document)
        guard let document = read.document else { throw call.store.notFound(request.path) }
        return Self.masked(document, request.mask)
    }

    /// ListDocuments: one page, judged as a `list` of the collection (no filters).
    func listDocuments(_ request: ListDocumentsPageRequest, caller: Caller) throws(FirestoreError) -> ListPage {
        let call = self.call(request.database, caller)
        try call.authorize(list: request.listing)
        var page = try call.store.list(request.listing, request.consistency)
        if let mask = request.mask {
            page.entries = page.entries.map { entry in
                guard case .document(let document) = entry else { return entry }
                return .document(Self.masked(document, mask))
            }
        }
        return page
    }

    /// CreateDocument: `documentID` or a 20-character auto ID; ALREADY_EXISTS if taken.
    func createDocument(_ request: CreateDocumentRequest, caller: Caller) async throws(FirestoreError) -> Document {
        let path = try request.collection.child(request.documentID ?? AutoID.make())
        let write = Write(path: path, operation: .update(fields: request.fields, mask: nil), precondition: .exists(false))
        return try await self.writeDocument(write, in: request.database, caller: caller, mask: request.mask)
    }

    /// UpdateDocument: an upsert, whole or by `updateMask`, under `precondition`.
    func updateDocument(_ request: UpdateDocumentRequest, caller: Caller) async throws(FirestoreError) -> Document {
        let write = Write(path: request.path, operation: .update(fields: request.fields, mask: request.updateMask), precondition: request.precondition)
        return try await self.writeDocument(write, in: request.database, caller: caller, mask: request.mask)
    }

    /// DeleteDocument: succeeds for a missing document unless a precondition says otherwise.
    func deleteDocument(_ request: DeleteDocumentRequest, caller: Caller) async throws(FirestoreError) {
        let call = self.call(request.database, caller)
        let write = Write(path: request.path, operation: .delete, precondition: request.precondition)
        try await call.store.waitUntilDurable(call.store.commit([write], review: call.reviewer()).receipt)
    }

    /// Commits one write and answers the document it left, once durable.
    private func writeDocument(_ write: Write, in database: DatabaseID, caller: Caller, mask: [FieldPath]?) async throws(FirestoreError) -> Document {
        let call = self.call(database, caller)
        let result = try call.store.commit([write], review: call.reviewer())
        try await call.store.waitUntilDurable(result.receipt)
        guard let document = result.documents.first ?? nil else {
            throw FirestoreError.internal("The write to \(call.store.name(of: write.path)) stored no document.")
        }
        return Self.masked(document, mask)
    }

    /// `document` with only the fields `mask` names (all of them without a mask).
    static func masked(_ document: Document, _ mask: [FieldPath]?) -> Document {
        guard let mask else { return document }
        var masked = document
        masked.fields = document.fields.projected(onto: mask)
        return masked
    }
}
