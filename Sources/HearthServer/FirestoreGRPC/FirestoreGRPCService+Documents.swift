import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import SwiftProtobuf

extension FirestoreGRPCService {
    func registerDocuments(on router: inout GRPCRouter) {
        router.unary(Self.prefix + "GetDocument", Google_Firestore_V1_GetDocumentRequest.self, Google_Firestore_V1_Document.self) {
            request, context in try self.getDocument(request, self.call(context))
        }
        router.unary(
            Self.prefix + "ListDocuments", Google_Firestore_V1_ListDocumentsRequest.self, Google_Firestore_V1_ListDocumentsResponse.self
        ) { request, context in try self.listDocuments(request, self.call(context)) }
        router.unary(Self.prefix + "CreateDocument", Google_Firestore_V1_CreateDocumentRequest.self, Google_Firestore_V1_Document.self) {
            request, context in try await self.createDocument(request, self.call(context))
        }
        router.unary(Self.prefix + "UpdateDocument", Google_Firestore_V1_UpdateDocumentRequest.self, Google_Firestore_V1_Document.self) {
            request, context in try await self.updateDocument(request, self.call(context))
        }
        router.unary(Self.prefix + "DeleteDocument", Google_Firestore_V1_DeleteDocumentRequest.self, Google_Protobuf_Empty.self) {
            request, context in try await self.deleteDocument(request, self.call(context))
        }
    }

    /// GetDocument: `mask` limits the fields; `transaction` or `read_time` pick the version.
    func getDocument(_ request: Google_Firestore_V1_GetDocumentRequest, _ call: FirestoreGRPCCall) throws -> Google_Firestore_V1_Document {
        let (database, path) = try call.document(request.name, field: "name")
        let get = GetDocumentRequest(
            database: database, path: path, mask: try ProtoDocumentCodec.readMask(request.hasMask ? request.mask : nil, at: "mask"),
            consistency: try ProtoConsistency.decode(request.consistency))
        return ProtoDocumentCodec.encode(try self.service.getDocument(get, caller: call.caller), in: database)
    }

    /// ListDocuments: `page_size`, `page_token` (the REST API's tokens), `order_by`, `mask`,
    /// `show_missing`; missing documents come back as names alone.
    func listDocuments(
        _ request: Google_Firestore_V1_ListDocumentsRequest, _ call: FirestoreGRPCCall
    ) throws -> Google_Firestore_V1_ListDocumentsResponse {
        let (database, parent) = try call.parent(request.parent)
        let collection = try parent.map { document throws(FirestoreError) in try document.child(request.collectionID) }
            ?? CollectionPath(segments: [request.collectionID])
        let listing = try ListDocumentsRequest(
            collection: collection,
            orderBy: request.orderBy.isEmpty ? [] : try OrderByText.parse(request.orderBy),
            pageSize: Int(request.pageSize),
            startAfter: request.pageToken.isEmpty ? nil : try PageToken.decode(request.pageToken),
            showMissing: request.showMissing)
        let page = try self.service.listDocuments(
            ListDocumentsPageRequest(
                database: database, listing: listing, mask: try ProtoDocumentCodec.readMask(request.hasMask ? request.mask : nil, at: "mask"),
                consistency: try ProtoConsistency.decode(request.consistency)),
            caller: call.caller)
        var response = Google_Firestore_V1_ListDocumentsResponse()
        response.documents = page.entries.map { entry in
            switch entry {
            case .document(let document): return ProtoDocumentCodec.encode(document, in: database)
            case .missing(let path):
                var missing = Google_Firestore_V1_Document()
                missing.name = DocumentName(database: database, path: path).description
                return missing
            }
        }
        if let next = page.next { response.nextPageToken = PageToken.encode(next) }
        return response
    }

    /// CreateDocument: `document_id` or a 20-character auto ID; the document must not be named.
    func createDocument(_ request: Google_Firestore_V1_CreateDocumentRequest, _ call: FirestoreGRPCCall) async throws -> Google_Firestore_V1_Document {
        let (database, parent) = try call.parent(request.parent)
        let collection = try parent.map { document throws(FirestoreError) in try document.child(request.collectionID) }
            ?? CollectionPath(segments: [request.collectionID])
        let id = request.documentID.isEmpty ? nil : request.documentID
        if let id { _ = try collection.child(id) }
        if !request.document.name.isEmpty {
            throw FirestoreError.invalidArgument(
                "Document name must not be set in a CreateDocument request (got \"\(request.document.name)\"); pass the ID as document_id.")
        }
        let create = CreateDocumentRequest(
            database: database, collection: collection, documentID: id,
            fields: try ProtoValueCodec.decodeFields(request.document.fields, at: "document.fields"),
            mask: try ProtoDocumentCodec.readMask(request.hasMask ? request.mask : nil, at: "mask"))
        return ProtoDocumentCodec.encode(try await self.service.createDocument(create, caller: call.caller), in: database)
    }

    /// UpdateDocument: `update_mask`, `current_document` preconditions, `mask`.
    func updateDocument(_ request: Google_Firestore_V1_UpdateDocumentRequest, _ call: FirestoreGRPCCall) async throws -> Google_Firestore_V1_Document {
        let (database, path) = try call.document(request.document.name, field: "document.name")
        let update = UpdateDocumentRequest(
            database: database, path: path, fields: try ProtoValueCodec.decodeFields(request.document.fields, at: "document.fields"),
            updateMask: try ProtoDocumentCodec.mask(request.hasUpdateMask ? request.updateMask : nil, at: "update_mask"),
            precondition: try ProtoWriteCodec.decode(request.hasCurrentDocument ? request.currentDocument : nil, at: "current_document"),
            mask: try ProtoDocumentCodec.readMask(request.hasMask ? request.mask : nil, at: "mask"))
        return ProtoDocumentCodec.encode(try await self.service.updateDocument(update, caller: call.caller), in: database)
    }

    /// DeleteDocument: also for a missing document unless a precondition says otherwise.
    func deleteDocument(_ request: Google_Firestore_V1_DeleteDocumentRequest, _ call: FirestoreGRPCCall) async throws -> Google_Protobuf_Empty {
        let (database, path) = try call.document(request.name, field: "name")
        let delete = DeleteDocumentRequest(
            database: database, path: path,
            precondition: try ProtoWriteCodec.decode(request.hasCurrentDocument ? request.currentDocument : nil, at: "current_document"))
        try await self.service.deleteDocument(delete, caller: call.caller)
        return Google_Protobuf_Empty()
    }
}
