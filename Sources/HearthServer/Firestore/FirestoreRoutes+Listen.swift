import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// Whether the client asked for a server-sent event stream.
    static func wantsEventStream(_ request: Request) -> Bool {
        request.headers["Accept"]?.contains("text/event-stream") == true
    }

    /// `GET …/documents/{document|collection}` with `Accept: text/event-stream`: listen to one
    /// document, or to a collection in the order (`orderBy`) and window (`pageSize`) listing uses.
    func listenToPath(_ call: RESTCall, _ request: Request) throws -> Response {
        if call.namesDocument {
            let path = try call.documentPath()
            return try self.listen(call, request, .document(path), access: .get([path]))
        }
        let listing = try ListDocumentsRequest(
            collection: call.collectionPath(),
            orderBy: try call.parameters.first("orderBy").map { text throws(FirestoreError) in try OrderByText.parse(text) } ?? [],
            pageSize: try call.parameters.int32("pageSize"))
        let target = try ListenTarget.collection(listing.collection, orderBy: listing.orderBy, pageSize: listing.pageSize)
        return try self.listen(call, request, target, access: .listing(listing))
    }

    /// `POST …/documents[/{document}]:listen` with a RunQuery body (`structuredQuery`) or a
    /// BatchGet body (`documents`): listen to any query or set of documents.
    func listenToBody(_ call: RESTCall, _ request: Request) throws -> Response {
        guard Self.wantsEventStream(request) else {
            throw FirestoreError.invalidArgument(":listen answers with server-sent events; send the header 'Accept: text/event-stream'.")
        }
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["structuredQuery", "documents"])
        switch (body.has("structuredQuery"), body.has("documents")) {
        case (true, false):
            let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
            return try self.listen(call, request, ListenTarget.listening(to: query), access: .query(query))
        case (false, true):
            let paths = try Self.documentPaths(body, in: call.database)
            return try self.listen(call, request, ListenTarget.documents(normalizing: paths), access: .get(paths))
        default:
            throw FirestoreError.invalidArgument("A :listen body needs exactly one of structuredQuery (a query) or documents (a list of document names).")
        }
    }

    /// Asks the service to open the listen (403 before any stream starts), then streams it.
    private func listen(_ call: RESTCall, _ request: Request, _ target: ListenTarget, access: ListenAccess) throws -> Response {
        let token = try request.headers["Last-Event-ID"].flatMap { text throws(FirestoreError) -> Timestamp? in
            do {
                return try Timestamp(rfc3339: text)
            } catch {
                throw FirestoreError.invalidArgument("Last-Event-ID \"\(text)\" is not a resume token; send back the id of the last snapshot event received.")
            }
        }
        let listen = ListenRequest(database: call.database, target: target, access: access, resumeToken: token)
        let grant = try self.service.listen(listen, caller: call.caller)
        let stream = ListenStream(
            grant: grant, rules: self.rules, streams: self.streams, fanout: self.fanout,
            capacity: self.listening.bufferedSnapshots, bufferedBytes: self.listening.bufferedBytes,
            credential: self.identities.provider.credential(of: call.caller))
        return try stream.response()
    }

    /// `GET /emulator/v1/projects/{project}/listeners`: what listening costs the project right
    /// now, `{"streams","listeners","targets"}`: open listen streams (the HTTP side's
    /// registry), listeners registered in the project's stores, and the distinct targets they
    /// share. Read from the bookkeeping itself, so a leak in either shows; all three return to
    /// 0 once every client has gone.
    func listenerCounts(_ request: Request, _ route: RouteParameters) throws -> Response {
        _ = try self.identities.identity(of: request)
        let project = try DatabaseID(project: route["project"] ?? "").project
        var listeners = 0
        var targets = 0
        for id in self.databases.databaseIDs where id.project == project {
            let store = self.databases.store(for: id)
            listeners += store.listenerCount
            targets += store.listenedTargetCount
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("streams")
        writer.integer(Int64(self.streams.count(scope: project)))
        writer.key("listeners")
        writer.integer(Int64(listeners))
        writer.key("targets")
        writer.integer(Int64(targets))
        writer.endObject()
        return .json(writer.bytes)
    }
}
