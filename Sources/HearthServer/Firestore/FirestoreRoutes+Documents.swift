import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// GetDocument: `mask.fieldPaths` limits the returned fields.
    func getDocument(_ call: FirestoreCall) throws -> Response {
        let mask = try ReadMask.validated(call.parameters.fieldPaths("mask.fieldPaths"), at: "mask.field_paths")
        let path = try call.documentPath()
        let read = try call.store.document(at: path, ConsistencyCodec.decode(call.parameters))
        try call.authorize(get: path, read.document)
        guard let document = read.document else { throw call.store.notFound(path) }
        return .json(DocumentCodec.encode(document, in: call.database, mask: mask))
    }

    /// ListDocuments: `pageSize`, `pageToken`, `orderBy`, `mask.fieldPaths`, `showMissing`.
    func listDocuments(_ call: FirestoreCall) throws -> Response {
        let parameters = call.parameters
        let consistency = try ConsistencyCodec.decode(parameters)
        let mask = try ReadMask.validated(parameters.fieldPaths("mask.fieldPaths"), at: "mask.field_paths")
        let request = try ListDocumentsRequest(
            collection: call.collectionPath(),
            orderBy: try parameters.first("orderBy").map { text throws(FirestoreError) in try OrderByText.parse(text) } ?? [],
            pageSize: try parameters.int32("pageSize"),
            startAfter: try parameters.first("pageToken").flatMap { $0.isEmpty ? nil : try PageToken.decode($0) },
            showMissing: try parameters.bool("showMissing") ?? false
        )
        try call.authorize(list: request)
        let page = try call.store.list(request, consistency)
        var writer = JSONWriter(reservingCapacity: 256 * max(1, page.entries.count))
        writer.beginObject()
        if !page.entries.isEmpty {
            writer.key("documents")
            writer.beginArray()
            for entry in page.entries {
                switch entry {
                case .document(let document): DocumentCodec.encode(document, in: call.database, mask: mask, into: &writer)
                case .missing(let path): DocumentCodec.encodeMissing(path, in: call.database, into: &writer)
                }
            }
            writer.endArray()
        }
        if let next = page.next {
            writer.key("nextPageToken")
            writer.string(PageToken.encode(next))
        }
        writer.endObject()
        return .json(writer.bytes)
    }

    /// CreateDocument: `documentId` or a 20-character auto ID; ALREADY_EXISTS if taken.
    func createDocument(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let collection = try call.collectionPath()
        let id = call.parameters.first("documentId").flatMap { $0.isEmpty ? nil : $0 } ?? AutoID.make()
        let path = try collection.child(id)
        let body = try DocumentCodec.decodeBody(RequestBody.json(of: request))
        if let name = body.name, !name.isEmpty {
            throw FirestoreError.invalidArgument("Document name must not be set in a CreateDocument body (got \"\(name)\"); pass the ID as ?documentId=.")
        }
        let write = Write(path: path, operation: .update(fields: body.fields, mask: nil), precondition: .exists(false))
        return try await self.respondWithDocument(call, committing: write)
    }

    /// UpdateDocument (PATCH): an upsert, whole or by `updateMask.fieldPaths`, under
    /// `currentDocument` preconditions.
    func updateDocument(_ call: FirestoreCall, _ request: Request) async throws -> Response {
        let path = try call.documentPath()
        let body = try DocumentCodec.decodeBody(RequestBody.json(of: request))
        let expected = DocumentName(database: call.database, path: path).description
        if let name = body.name, !name.isEmpty, name != expected {
            throw FirestoreError.invalidArgument("The document name in the body (\"\(name)\") does not match the URL (\"\(expected)\").")
        }
        let mask = try call.parameters.fieldPaths("updateMask.fieldPaths")
        let write = Write(path: path, operation: .update(fields: body.fields, mask: mask), precondition: try call.parameters.precondition())
        return try await self.respondWithDocument(call, committing: write)
    }

    /// DeleteDocument: succeeds for a missing document unless a precondition says otherwise.
    func deleteDocument(_ call: FirestoreCall) async throws -> Response {
        let write = Write(path: try call.documentPath(), operation: .delete, precondition: try call.parameters.precondition())
        try await call.store.waitUntilDurable(call.store.commit([write], review: call.reviewer()).receipt)
        return .json(Array("{}".utf8))
    }

    private func respondWithDocument(_ call: FirestoreCall, committing write: Write) async throws -> Response {
        let mask = try ReadMask.validated(call.parameters.fieldPaths("mask.fieldPaths"), at: "mask.field_paths")
        let result = try call.store.commit([write], review: call.reviewer())
        try await call.store.waitUntilDurable(result.receipt)
        guard let document = result.documents.first ?? nil else {
            throw FirestoreError.internal("The write to \(call.store.name(of: write.path)) stored no document.")
        }
        return .json(DocumentCodec.encode(document, in: call.database, mask: mask))
    }
}
