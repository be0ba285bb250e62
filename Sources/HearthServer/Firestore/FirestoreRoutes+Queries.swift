import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// RunQuery: a JSON array, one element per document, every element with `readTime`; the
    /// first carries `skippedResults`; a lone `{"readTime"}` when nothing matched; a leading
    /// `{"transaction"}` element when `newTransaction` began one (reference §1.2).
    func runQuery(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredQuery", "explainOptions"]))
        let query = try QueryCodec.decode(body.raw("structuredQuery"), parent: call.parentDocument())
        let (result, transaction) = try call.store.runQuery(query, ConsistencyCodec.decode(body))
        let readTime = result.readTime.rfc3339
        var writer = JSONWriter(reservingCapacity: 256 * (result.documents.count + 1))
        writer.beginArray()
        if let transaction { Self.writeTransactionElement(transaction, into: &writer) }
        for (index, document) in result.documents.enumerated() {
            writer.beginObject()
            writer.key("document")
            DocumentCodec.encode(document, in: call.database, mask: query.projection, into: &writer)
            writer.key("readTime")
            writer.string(readTime)
            if index == 0 && result.skipped > 0 {
                writer.key("skippedResults")
                writer.integer(Int64(result.skipped))
            }
            writer.endObject()
        }
        if result.documents.isEmpty {
            writer.beginObject()
            writer.key("readTime")
            writer.string(readTime)
            if result.skipped > 0 {
                writer.key("skippedResults")
                writer.integer(Int64(result.skipped))
            }
            writer.endObject()
        }
        writer.endArray()
        return .json(writer.bytes)
    }

    /// RunAggregationQuery: `[{"result":{"aggregateFields":{alias: Value}},"readTime"}]`.
    func runAggregationQuery(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["structuredAggregationQuery", "explainOptions"]))
        guard let aggregation = try body.object("structuredAggregationQuery", allowing: ["structuredQuery", "aggregations"]) else {
            throw FirestoreError.invalidArgument("structuredAggregationQuery is required.")
        }
        let query = try QueryCodec.decode(aggregation.raw("structuredQuery"), parent: call.parentDocument(), at: "structured_aggregation_query.structured_query")
        let aggregations = try AggregationCodec.decode(aggregation.array("aggregations"))
        let (result, transaction) = try call.store.runQuery(query, ConsistencyCodec.decode(body))
        var writer = JSONWriter()
        writer.beginArray()
        if let transaction { Self.writeTransactionElement(transaction, into: &writer) }
        writer.beginObject()
        writer.key("result")
        writer.beginObject()
        writer.key("aggregateFields")
        writer.beginObject()
        for aggregation in aggregations {
            writer.key(aggregation.alias)
            FirestoreValueCodec.encode(aggregation.function.evaluate(over: result.documents), into: &writer)
        }
        writer.endObject()
        writer.endObject()
        writer.key("readTime")
        writer.string(result.readTime.rfc3339)
        writer.endObject()
        writer.endArray()
        return .json(writer.bytes)
    }

    /// BatchGetDocuments: one `found` or `missing` element per distinct name, in request order.
    func batchGet(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ConsistencyCodec.bodyNames.union(["documents", "mask"]))
        let mask = try body.documentMask("mask")
        var seen: Set<DocumentPath> = []
        var paths: [DocumentPath] = []
        for (index, item) in try body.array("documents").enumerated() {
            guard case .string(let name) = item else { throw FirestoreError.invalidArgument("Invalid value at 'documents[\(index)]': expected a document name.") }
            let path = try WriteCodec.path(name, in: call.database, at: "documents[\(index)]")
            if seen.insert(path).inserted { paths.append(path) }
        }
        var consistency = try ConsistencyCodec.decode(body)
        var writer = JSONWriter(reservingCapacity: 256 * (paths.count + 1))
        writer.beginArray()
        if case .newTransaction(let mode) = consistency {
            let id = try call.store.beginTransaction(mode)
            Self.writeTransactionElement(id, into: &writer)
            consistency = .transaction(id)
        }
        for path in paths {
            let read = try call.store.document(at: path, consistency)
            writer.beginObject()
            if let document = read.document {
                writer.key("found")
                DocumentCodec.encode(document, in: call.database, mask: mask, into: &writer)
            } else {
                writer.key("missing")
                writer.string(call.store.name(of: path))
            }
            writer.key("readTime")
            writer.string(read.readTime.rfc3339)
            writer.endObject()
        }
        writer.endArray()
        return .json(writer.bytes)
    }

    /// ListCollectionIds on the root or a document: sorted IDs, paged by the last ID served.
    func listCollectionIDs(_ call: FirestoreCall, _ request: Request) throws -> Response {
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["pageSize", "pageToken", "readTime"])
        if body.has("readTime") { _ = try ConsistencyCodec.decode(body) }
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

    static func writeTransactionElement(_ id: TransactionID, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("transaction")
        writer.string(ConsistencyCodec.encode(id))
        writer.endObject()
    }
}
