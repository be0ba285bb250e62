import Foundation
import HearthFirestore
import HearthFirestoreProto
import HearthGRPC

extension FirestoreGRPCService {
    func registerQueries(on router: inout GRPCRouter) {
        router.serverStreaming(
            Self.prefix + "BatchGetDocuments", Google_Firestore_V1_BatchGetDocumentsRequest.self,
            Google_Firestore_V1_BatchGetDocumentsResponse.self
        ) { request, responses, context in
            for response in try self.batchGet(request, self.call(context)) { try await responses.send(response) }
        }
        router.serverStreaming(
            Self.prefix + "RunQuery", Google_Firestore_V1_RunQueryRequest.self, Google_Firestore_V1_RunQueryResponse.self
        ) { request, responses, context in
            for response in try self.runQuery(request, self.call(context)) { try await responses.send(response) }
        }
        router.serverStreaming(
            Self.prefix + "RunAggregationQuery", Google_Firestore_V1_RunAggregationQueryRequest.self,
            Google_Firestore_V1_RunAggregationQueryResponse.self
        ) { request, responses, context in
            try await responses.send(try self.runAggregationQuery(request, self.call(context)))
        }
        router.unary(
            Self.prefix + "PartitionQuery", Google_Firestore_V1_PartitionQueryRequest.self, Google_Firestore_V1_PartitionQueryResponse.self
        ) { request, context in try self.partitionQuery(request, self.call(context)) }
        router.unary(
            Self.prefix + "ListCollectionIds", Google_Firestore_V1_ListCollectionIdsRequest.self,
            Google_Firestore_V1_ListCollectionIdsResponse.self
        ) { request, context in try self.listCollectionIDs(request, self.call(context)) }
        router.serverStreaming(
            Self.prefix + "ExecutePipeline", Google_Firestore_V1_ExecutePipelineRequest.self, Google_Firestore_V1_ExecutePipelineResponse.self
        ) { _, _, context in
            _ = try self.call(context)
            throw FirestoreError.unimplemented("ExecutePipeline (Firestore pipelines) is not supported by Hearth; use RunQuery.")
        }
    }

    /// BatchGetDocuments: one `found` or `missing` message per distinct name, in request order;
    /// the first carries the transaction a `new_transaction` began.
    func batchGet(
        _ request: Google_Firestore_V1_BatchGetDocumentsRequest, _ call: FirestoreGRPCCall
    ) throws -> [Google_Firestore_V1_BatchGetDocumentsResponse] {
        let database = try call.database(request.database, field: "database")
        var paths: [DocumentPath] = []
        for (index, name) in request.documents.enumerated() {
            let path = try ProtoDocumentCodec.path(name, in: database, at: "documents[\(index)]")
            if !paths.contains(path) { paths.append(path) }
        }
        let get = BatchGetRequest(
            database: database, paths: paths, mask: try ProtoDocumentCodec.readMask(request.hasMask ? request.mask : nil, at: "mask"),
            consistency: try ProtoConsistency.decode(request.consistency))
        let read = try self.service.batchGet(get, caller: call.caller)
        var responses = read.results.map { entry in
            var response = Google_Firestore_V1_BatchGetDocumentsResponse()
            if let document = entry.document {
                response.found = ProtoDocumentCodec.encode(document, in: database)
            } else {
                response.missing = DocumentName(database: database, path: entry.path).description
            }
            response.readTime = ProtoValueCodec.encode(entry.readTime)
            return response
        }
        if let transaction = read.transaction {
            if responses.isEmpty { responses.append(Google_Firestore_V1_BatchGetDocumentsResponse()) }
            responses[0].transaction = Data(transaction.bytes)
        }
        return responses
    }

    /// RunQuery: one message per document (the projection applied), `skipped_results` on the
    /// first; a lone `read_time` when nothing matches; the first carries a new transaction,
    /// the last Query Explain's metrics (alone when the query was only planned).
    func runQuery(_ request: Google_Firestore_V1_RunQueryRequest, _ call: FirestoreGRPCCall) throws -> [Google_Firestore_V1_RunQueryResponse] {
        let (database, parent) = try call.parent(request.parent)
        guard case .structuredQuery(let structured) = request.queryType else {
            throw FirestoreError.invalidArgument("structured_query is required.")
        }
        let query = try ProtoQueryCodec.decode(structured, parent: parent)
        let read = try self.service.runQuery(
            RunQueryRequest(
                database: database, query: query, consistency: try ProtoConsistency.decode(request.consistency),
                explain: ProtoExplainCodec.decode(request.hasExplainOptions ? request.explainOptions : nil)),
            caller: call.caller)
        if let explain = read.explain, explain.isPlanOnly {
            // Planned only: one message, the plan.
            var response = Google_Firestore_V1_RunQueryResponse()
            response.explainMetrics = ProtoExplainCodec.encode(explain)
            return [response]
        }
        let readTime = ProtoValueCodec.encode(read.results.readTime)
        var responses = read.results.documents.enumerated().map { index, document in
            var response = Google_Firestore_V1_RunQueryResponse()
            response.document = ProtoDocumentCodec.encode(document, in: database, mask: query.projection)
            response.readTime = readTime
            if index == 0 { response.skippedResults = Int32(clamping: read.results.skipped) }
            return response
        }
        if responses.isEmpty {
            var response = Google_Firestore_V1_RunQueryResponse()
            response.readTime = readTime
            response.skippedResults = Int32(clamping: read.results.skipped)
            responses.append(response)
        }
        if let transaction = read.transaction { responses[0].transaction = Data(transaction.bytes) }
        if let explain = read.explain { responses[responses.count - 1].explainMetrics = ProtoExplainCodec.encode(explain) }
        return responses
    }

    /// RunAggregationQuery: one message with every aggregate by alias.
    func runAggregationQuery(
        _ request: Google_Firestore_V1_RunAggregationQueryRequest, _ call: FirestoreGRPCCall
    ) throws -> Google_Firestore_V1_RunAggregationQueryResponse {
        let (database, parent) = try call.parent(request.parent)
        guard case .structuredAggregationQuery(let aggregation) = request.queryType,
            case .structuredQuery(let structured) = aggregation.queryType
        else {
            throw FirestoreError.invalidArgument("structured_aggregation_query.structured_query is required.")
        }
        let query = try ProtoQueryCodec.decode(structured, parent: parent, at: "structured_aggregation_query.structured_query")
        let aggregations = try ProtoQueryCodec.decode(aggregation.aggregations)
        let run = RunAggregationQueryRequest(
            database: database, query: query, aggregations: aggregations, consistency: try ProtoConsistency.decode(request.consistency),
            explain: ProtoExplainCodec.decode(request.hasExplainOptions ? request.explainOptions : nil))
        let read = try self.service.runAggregationQuery(run, caller: call.caller)
        var response = Google_Firestore_V1_RunAggregationQueryResponse()
        if let explain = read.explain {
            response.explainMetrics = ProtoExplainCodec.encode(explain)
            // Planned only: the plan alone.
            if explain.isPlanOnly { return response }
        }
        for aggregate in read.results.aggregates {
            response.result.aggregateFields[aggregate.alias] = ProtoValueCodec.encode(aggregate.value)
        }
        response.readTime = ProtoValueCodec.encode(read.results.readTime)
        if let transaction = read.transaction { response.transaction = Data(transaction.bytes) }
        return response
    }

    /// PartitionQuery: no cursors, one partition covering the whole result (see the service).
    func partitionQuery(
        _ request: Google_Firestore_V1_PartitionQueryRequest, _ call: FirestoreGRPCCall
    ) throws -> Google_Firestore_V1_PartitionQueryResponse {
        let (database, parent) = try call.parent(request.parent)
        guard case .structuredQuery(let structured) = request.queryType else {
            throw FirestoreError.invalidArgument("structured_query is required.")
        }
        let partition = PartitionQueryRequest(
            database: database, query: try ProtoQueryCodec.decode(structured, parent: parent),
            partitionCount: request.partitionCount == 0 ? nil : request.partitionCount)
        try self.service.partitionQuery(partition, caller: call.caller)
        return Google_Firestore_V1_PartitionQueryResponse()
    }

    /// ListCollectionIds on the root or a document; the page token is the page's last ID.
    func listCollectionIDs(
        _ request: Google_Firestore_V1_ListCollectionIdsRequest, _ call: FirestoreGRPCCall
    ) throws -> Google_Firestore_V1_ListCollectionIdsResponse {
        let (database, parent) = try call.parent(request.parent)
        var readTime: Timestamp?
        if case .readTime(let time) = request.consistencySelector { readTime = try ProtoValueCodec.timestamp(time, at: "read_time") }
        var after: [UInt8]?
        if !request.pageToken.isEmpty {
            guard let bytes = Base64.decode(request.pageToken) else {
                throw FirestoreError.invalidArgument("Invalid page_token \"\(request.pageToken)\"; pass next_page_token unchanged.")
            }
            after = Array(bytes)
        }
        let list = ListCollectionIDsRequest(
            database: database, parent: parent, readTime: readTime, pageSize: request.pageSize == 0 ? nil : Int64(request.pageSize), after: after)
        let page = try self.service.listCollectionIDs(list, caller: call.caller)
        var response = Google_Firestore_V1_ListCollectionIdsResponse()
        response.collectionIds = page.ids
        if page.hasMore, let last = page.ids.last { response.nextPageToken = Base64.encodeURLSafe(Array(last.utf8)) }
        return response
    }
}
