import HearthFirestore

/// The read methods beyond single documents: RunQuery, RunAggregationQuery,
/// BatchGetDocuments, PartitionQuery, ListCollectionIds.
extension FirestoreService {
    /// RunQuery, judged as a `list` from the query ("rules are not filters"). With Query
    /// Explain, the plan; the query runs (and its documents are returned) only with `analyze`.
    func runQuery(_ request: RunQueryRequest, caller: Caller) throws(FirestoreError) -> ReadResults<QueryResult> {
        let call = self.call(request.database, caller)
        try call.authorize(list: request.query)
        if request.explain?.analyze == false { return Self.planOnly(request.query, call) }
        let started = ContinuousClock.now
        let (result, transaction) = try call.store.runQuery(request.query, request.consistency)
        let explain = request.explain.map { _ in
            ExplainMetrics(planning: request.query, execution: .query(result, duration: Self.nanoseconds(since: started)))
        }
        return ReadResults(results: result, transaction: transaction, explain: explain)
    }

    /// RunAggregationQuery: every aggregate over the query's documents (a `sum` or `avg` under
    /// a `limit` over its own scope, `Query.scope(of:)`), judged like RunQuery; Query Explain
    /// as for RunQuery.
    func runAggregationQuery(_ request: RunAggregationQueryRequest, caller: Caller) throws(FirestoreError) -> ReadResults<AggregationResult> {
        let call = self.call(request.database, caller)
        try call.authorize(list: request.query)
        if request.explain?.analyze == false {
            let plan = Self.planOnly(request.query, call)
            return ReadResults(results: AggregationResult(aggregates: [], readTime: plan.results.readTime), explain: plan.explain)
        }
        let started = ContinuousClock.now
        let (result, transaction) = try call.store.runQuery(request.query, request.consistency)
        let consistency = transaction.map(ReadConsistency.transaction) ?? request.consistency
        var aggregates: [Aggregate] = []
        for aggregation in request.aggregations {
            let documents = try request.query.scope(of: aggregation.function).map { scoped throws(FirestoreError) in
                try call.store.runQuery(scoped, consistency).result.documents
            } ?? result.documents
            aggregates.append(Aggregate(alias: aggregation.alias, value: aggregation.function.evaluate(over: documents)))
        }
        let explain = request.explain.map { _ in
            ExplainMetrics(planning: request.query, execution: .aggregation(result, duration: Self.nanoseconds(since: started)))
        }
        return ReadResults(results: AggregationResult(aggregates: aggregates, readTime: result.readTime), transaction: transaction, explain: explain)
    }

    /// Query Explain without `analyze`: the plan alone, nothing read (no transaction begun, no
    /// results; the read time is the store's now).
    private static func planOnly(_ query: Query, _ call: FirestoreCall) -> ReadResults<QueryResult> {
        ReadResults(
            results: QueryResult(documents: [], skipped: 0, readTime: call.store.currentReadTime),
            explain: ExplainMetrics(planning: query))
    }

    private static func nanoseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    }

    /// BatchGetDocuments: one entry per path, in order. Each document is judged right after it
    /// is read (its `get` counts toward the request's document access calls); a denial fails
    /// the whole request.
    func batchGet(_ request: BatchGetRequest, caller: Caller) throws(FirestoreError) -> ReadResults<[BatchGetEntry]> {
        let call = self.call(request.database, caller)
        var consistency = request.consistency
        var transaction: TransactionID?
        if case .newTransaction(let mode) = consistency {
            let id = try call.store.beginTransaction(mode)
            transaction = id
            consistency = .transaction(id)
        }
        var entries: [BatchGetEntry] = []
        entries.reserveCapacity(request.paths.count)
        try call.authorize(get: request.paths) { path throws(FirestoreError) in
            let read = try call.store.document(at: path, consistency)
            entries.append(BatchGetEntry(path: path, document: read.document.map { Self.masked($0, request.mask) }, readTime: read.readTime))
            return read.document
        }
        return ReadResults(results: entries, transaction: transaction)
    }

    /// PartitionQuery: validated, then answered with no partition points, which the API
    /// defines as one partition covering the whole result (a legal answer for any
    /// `partitionCount`; a local store gains nothing from parallel reads). Not grantable by
    /// rules.
    func partitionQuery(_ request: PartitionQueryRequest, caller: Caller) throws(FirestoreError) {
        let call = self.call(request.database, caller)
        try call.requireAdmin("partitionQuery")
        if !request.query.allDescendants || request.query.filter != nil {
            throw FirestoreError.invalidArgument("partitionQuery needs a collection-group query (allDescendants: true) without filters.")
        }
        if let count = request.partitionCount, count <= 0 {
            throw FirestoreError.invalidArgument("partitionCount must be positive (got \(count)).")
        }
    }

    /// ListCollectionIds on the root or a document: sorted IDs, paged by the last ID served.
    /// Not grantable by rules.
    func listCollectionIDs(_ request: ListCollectionIDsRequest, caller: Caller) throws(FirestoreError) -> CollectionIDsPage {
        let call = self.call(request.database, caller)
        try call.requireAdmin("listCollectionIds")
        var ids = try request.readTime.map { time throws(FirestoreError) in try call.store.collectionIDs(under: request.parent, readTime: time) }
            ?? call.store.collectionIDs(under: request.parent)
        if let last = request.after {
            ids.removeAll { !last.lexicographicallyPrecedes(Array($0.utf8)) }
        }
        if let pageSize = request.pageSize, pageSize > 0, ids.count > pageSize {
            return CollectionIDsPage(ids: Array(ids.prefix(Int(pageSize))), hasMore: true)
        }
        return CollectionIDsPage(ids: ids, hasMore: false)
    }
}
