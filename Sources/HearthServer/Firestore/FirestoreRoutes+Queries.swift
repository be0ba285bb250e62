import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// RunQuery: a JSON array, one element per document (see `ReadResponseCodec`).
    func runQuery(_ call: RESTCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredQuery", "explainOptions"]))
        let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
        let run = RunQueryRequest(
            database: call.database, query: query, consistency: try ConsistencyCodec.decode(body), explain: try ExplainCodec.decode(body))
        let read = try self.service.runQuery(run, caller: call.caller)
        var response = ReadResponseCodec(database: call.database, transaction: read.transaction)
        response.append(read.results, projection: query.projection, explain: read.explain)
        return .json(response.finish())
    }

    /// RunAggregationQuery: one element with every aggregate by alias.
    func runAggregationQuery(_ call: RESTCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredAggregationQuery", "explainOptions"]))
        guard let aggregation = try body.object("structuredAggregationQuery", allowing: ["structuredQuery", "aggregations"]) else {
            throw FirestoreError.invalidArgument("structuredAggregationQuery is required.")
        }
        let query = try QueryCodec.decode(aggregation.raw("structuredQuery"), parent: call.parentDocument(), at: "structured_aggregation_query.structured_query")
        let aggregations = try AggregationCodec.decode(aggregation.array("aggregations"))
        let run = RunAggregationQueryRequest(
            database: call.database, query: query, aggregations: aggregations, consistency: try ConsistencyCodec.decode(body),
            explain: try ExplainCodec.decode(body))
        let read = try self.service.runAggregationQuery(run, caller: call.caller)
        var response = ReadResponseCodec(database: call.database, transaction: read.transaction)
        response.append(read.results.aggregates.map { ($0.alias, $0.value) }, readTime: read.results.readTime, explain: read.explain)
        return .json(response.finish())
    }

    /// BatchGetDocuments: one `found` or `missing` element per distinct name, in request order.
    func batchGet(_ call: RESTCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["documents", "mask"]))
        let mask = try ReadMask.validated(body.documentMask("mask"), at: "mask.field_paths")
        var paths: [DocumentPath] = []
        for path in try Self.documentPaths(body, in: call.database) where !paths.contains(path) {
            paths.append(path)
        }
        let get = BatchGetRequest(database: call.database, paths: paths, mask: mask, consistency: try ConsistencyCodec.decode(body))
        let read = try self.service.batchGet(get, caller: call.caller)
        var response = ReadResponseCodec(database: call.database, transaction: read.transaction)
        for entry in read.results {
            response.append(entry.document, path: entry.path, readTime: entry.readTime, mask: nil)
        }
        return .json(response.finish())
    }

    /// PartitionQuery: `{}`, one partition covering the whole result (see the service).
    func partitionQuery(_ call: RESTCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["structuredQuery", "partitionCount", "pageToken", "pageSize", "readTime"])
        let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
        let partition = PartitionQueryRequest(database: call.database, query: query, partitionCount: try body.integer("partitionCount"))
        try self.service.partitionQuery(partition, caller: call.caller)
        return .json(Array("{}".utf8))
    }

    /// ListCollectionIds on the root or a document: `{"collectionIds"?, "nextPageToken"?}`,
    /// the token being the page's last ID in URL-safe base64.
    func listCollectionIDs(_ call: RESTCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["pageSize", "pageToken", "readTime"])
        var readTime: Timestamp?
        if case .readTime(let time) = try ConsistencyCodec.decode(body) { readTime = time }
        var after: [UInt8]?
        if let token = try body.string("pageToken"), !token.isEmpty {
            guard let bytes = Base64.decode(token) else { throw FirestoreError.invalidArgument("Invalid pageToken \"\(token)\"; pass nextPageToken unchanged.") }
            after = Array(bytes)
        }
        let list = ListCollectionIDsRequest(
            database: call.database, parent: try call.parentDocument(), readTime: readTime, pageSize: try body.integer("pageSize"), after: after)
        let page = try self.service.listCollectionIDs(list, caller: call.caller)
        var writer = JSONWriter()
        writer.beginObject()
        if !page.ids.isEmpty {
            writer.key("collectionIds")
            writer.beginArray()
            for id in page.ids { writer.string(id) }
            writer.endArray()
        }
        if page.hasMore, let last = page.ids.last {
            writer.key("nextPageToken")
            writer.string(Base64.encodeURLSafe(Array(last.utf8)))
        }
        writer.endObject()
        return .json(writer.bytes)
    }

    /// The `documents` array of a BatchGet or `:listen` body, as paths (duplicates kept).
    static func documentPaths(_ body: WireObject, in database: DatabaseID) throws(FirestoreError) -> [DocumentPath] {
        try body.array("documents").enumerated().map { index, item throws(FirestoreError) in
            guard case .string(let name) = item else { throw FirestoreError.invalidArgument("Invalid value at 'documents[\(index)]': expected a document name.") }
            return try WriteCodec.path(name, in: database, at: "documents[\(index)]")
        }
    }
}
