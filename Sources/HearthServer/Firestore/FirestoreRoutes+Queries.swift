import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// RunQuery: a JSON array, one element per document (see `ReadResponseCodec`).
    func runQuery(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredQuery", "explainOptions"]))
        let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
        let consistency = try ConsistencyCodec.decode(body)
        try call.authorize(list: query)
        let (result, transaction) = try call.store.runQuery(query, consistency)
        var response = ReadResponseCodec(database: call.database, transaction: transaction)
        response.append(result, projection: query.projection)
        return .json(response.finish())
    }

    /// RunAggregationQuery: one element with every aggregate by alias.
    func runAggregationQuery(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredAggregationQuery", "explainOptions"]))
        guard let aggregation = try body.object("structuredAggregationQuery", allowing: ["structuredQuery", "aggregations"]) else {
            throw FirestoreError.invalidArgument("structuredAggregationQuery is required.")
        }
        let query = try QueryCodec.decode(aggregation.raw("structuredQuery"), parent: call.parentDocument(), at: "structured_aggregation_query.structured_query")
        let aggregations = try AggregationCodec.decode(aggregation.array("aggregations"))
        let consistency = try ConsistencyCodec.decode(body)
        try call.authorize(list: query)
        let (result, transaction) = try call.store.runQuery(query, consistency)
        var response = ReadResponseCodec(database: call.database, transaction: transaction)
        response.append(aggregations.map { ($0.alias, $0.function.evaluate(over: result.documents)) }, readTime: result.readTime)
        return .json(response.finish())
    }

    /// BatchGetDocuments: one `found` or `missing` element per distinct name, in request order.
    func batchGet(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["documents", "mask"]))
        let mask = try ReadMask.validated(body.documentMask("mask"), at: "mask.field_paths")
        var paths: [DocumentPath] = []
        for (index, item) in try body.array("documents").enumerated() {
            guard case .string(let name) = item else { throw FirestoreError.invalidArgument("Invalid value at 'documents[\(index)]': expected a document name.") }
            let path = try WriteCodec.path(name, in: call.database, at: "documents[\(index)]")
            if !paths.contains(path) { paths.append(path) }
        }
        var consistency = try ConsistencyCodec.decode(body)
        var transaction: TransactionID?
        if case .newTransaction(let mode) = consistency {
            transaction = try call.store.beginTransaction(mode)
            consistency = .transaction(transaction!)
        }
        var response = ReadResponseCodec(database: call.database, transaction: transaction)
        // Each document is judged right after it is read; a denial throws the response away.
        try call.authorize(get: paths) { path throws(FirestoreError) in
            let read = try call.store.document(at: path, consistency)
            response.append(read.document, path: path, readTime: read.readTime, mask: mask)
            return read.document
        }
        return .json(response.finish())
    }

    /// PartitionQuery: the query is validated, then answered with no partition points, which
    /// the API defines as one partition covering the whole result (a legal answer for any
    /// `partitionCount`; a local store gains nothing from parallel reads).
    func partitionQuery(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["structuredQuery", "partitionCount", "pageToken", "pageSize", "readTime"])
        let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
        try call.requireAdmin("partitionQuery")
        if !query.allDescendants || query.filter != nil {
            throw FirestoreError.invalidArgument("partitionQuery needs a collection-group query (allDescendants: true) without filters.")
        }
        if let count = try body.integer("partitionCount"), count <= 0 {
            throw FirestoreError.invalidArgument("partitionCount must be positive (got \(count)).")
        }
        return .json(Array("{}".utf8))
    }

    /// ListCollectionIds on the root or a document: sorted IDs, paged by the last ID served.
    func listCollectionIDs(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["pageSize", "pageToken", "readTime"])
        if body.has("readTime") { _ = try ConsistencyCodec.decode(body) }
        try call.requireAdmin("listCollectionIds")
        var ids = call.store.collectionIDs(under: try call.parentDocument())
        if let token = try body.string("pageToken"), !token.isEmpty {
            guard let bytes = Base64.decode(token) else { throw FirestoreError.invalidArgument("Invalid pageToken \"\(token)\"; pass nextPageToken unchanged.") }
            let last = Array(bytes)
            ids.removeAll { !last.lexicographicallyPrecedes(Array($0.utf8)) }
        }
        var next: String?
        if let pageSize = try body.integer("pageSize"), pageSize > 0, ids.count > pageSize {
            ids = Array(ids.prefix(Int(pageSize)))
            next = Base64.encodeURLSafe(Array(ids.last!.utf8))
        }
        var writer = JSONWriter()
        writer.beginObject()
        if !ids.isEmpty {
            writer.key("collectionIds")
            writer.beginArray()
            for id in ids { writer.string(id) }
            writer.endArray()
        }
        if let next {
            writer.key("nextPageToken")
            writer.string(next)
        }
        writer.endObject()
        return .json(writer.bytes)
    }
}
