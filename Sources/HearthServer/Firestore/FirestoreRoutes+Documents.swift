import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// GetDocument: `mask.fieldPaths` limits the returned fields.
    func getDocument(_ call: RESTCall) throws -> Response {
        let mask = try call.readMask()
        let request = GetDocumentRequest(
            database: call.database, path: try call.documentPath(), mask: mask, consistency: try ConsistencyCodec.decode(call.parameters))
        let document = try self.service.getDocument(request, caller: call.caller)
        return .json(DocumentCodec.encode(document, in: call.database, mask: nil))
    }

    /// ListDocuments: `pageSize`, `pageToken`, `orderBy`, `mask.fieldPaths`, `showMissing`.
    func listDocuments(_ call: RESTCall) throws -> Response {
        let parameters = call.parameters
        let consistency = try ConsistencyCodec.decode(parameters)
        let mask = try call.readMask()
        let listing = try ListDocumentsRequest(
            collection: call.collectionPath(),
            orderBy: try parameters.first("orderBy").map { text throws(FirestoreError) in try OrderByText.parse(text) } ?? [],
            pageSize: try parameters.int32("pageSize"),
            startAfter: try parameters.first("pageToken").flatMap { $0.isEmpty ? nil : try PageToken.decode($0) },
            showMissing: try parameters.bool("showMissing") ?? false
        )
        let request = ListDocumentsPageRequest(database: call.database, listing: listing, mask: mask, consistency: consistency)
        let page = try self.service.listDocuments(request, caller: call.caller)
        var writer = JSONWriter(reservingCapacity: 256 * max(1, page.entries.count))
        writer.beginObject()
        if !page.entries.isEmpty {
            writer.key("documents")
            writer.beginArray()
            for entry in page.entries {
                switch entry {
                case .document(let document): DocumentCodec.encode(document, in: call.database, mask: nil, into: &writer)
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

    /// CreateDocument: `documentId` or a 20-character auto ID; the body must not name the document.
    func createDocument(_ call: RESTCall, _ request: Request) async throws -> Response {
        let collection = try call.collectionPath()
        let id = call.parameters.first("documentId").flatMap { $0.isEmpty ? nil : $0 }
        if let id { _ = try collection.child(id) }
        let body = try DocumentCodec.decodeBody(RequestBody.json(of: request))
        if let name = body.name, !name.isEmpty {
            throw FirestoreError.invalidArgument("Document name must not be set in a CreateDocument body (got \"\(name)\"); pass the ID as ?documentId=.")
        }
        let create = CreateDocumentRequest(database: call.database, collection: collection, documentID: id, fields: body.fields, mask: try call.readMask())
        let document = try await self.service.createDocument(create, caller: call.caller)
        return .json(DocumentCodec.encode(document, in: call.database, mask: nil))
    }

    /// UpdateDocument (PATCH): `updateMask.fieldPaths`, `currentDocument` preconditions; a name
    /// in the body must be the URL's.
    func updateDocument(_ call: RESTCall, _ request: Request) async throws -> Response {
        let path = try call.documentPath()
        let body = try DocumentCodec.decodeBody(RequestBody.json(of: request))
        let expected = DocumentName(database: call.database, path: path).description
        if let name = body.name, !name.isEmpty, name != expected {
            throw FirestoreError.invalidArgument("The document name in the body (\"\(name)\") does not match the URL (\"\(expected)\").")
        }
        let update = UpdateDocumentRequest(
            database: call.database, path: path, fields: body.fields, updateMask: try call.parameters.fieldPaths("updateMask.fieldPaths"),
            precondition: try call.parameters.precondition(), mask: try call.readMask())
        let document = try await self.service.updateDocument(update, caller: call.caller)
        return .json(DocumentCodec.encode(document, in: call.database, mask: nil))
    }

    /// DeleteDocument: `{}`, also for a missing document unless a precondition says otherwise.
    func deleteDocument(_ call: RESTCall) async throws -> Response {
        let delete = DeleteDocumentRequest(database: call.database, path: try call.documentPath(), precondition: try call.parameters.precondition())
        try await self.service.deleteDocument(delete, caller: call.caller)
        return .json(Array("{}".utf8))
    }
}
