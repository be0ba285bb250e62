import Synchronization

extension DocumentStore {
    /// Runs a structured query against a consistent snapshot of the database.
    ///
    /// Cost: the query's index (equality fields, then its ordering) is found or built (the
    /// first query of a shape pays O(n log n) over its scope; later ones nothing); then the
    /// equality prefix, a range filter on the first ordered field, and the cursors are
    /// binary-searched (O(log n)), and only the entries between the bounds are walked, each
    /// re-checked against the whole filter, until `offset + limit` documents matched. An
    /// equality + orderBy + limit query therefore costs O(log n + limit).
    public func runQuery(_ query: Query) -> QueryResult {
        self.state.withLock { state in
            let readTime = state.clock.readTime()
            let plan = QueryPlan(query)
            let index = state.tree.index(for: plan.definition)
            let tree = state.tree
            return Self.walk(query, plan, index, readTime: readTime, in: self.database) { tree.document(at: $0) }
        }
    }

    /// The consistent point a read starting now sees (what a query planned but not run, with
    /// Query Explain, reports).
    public var currentReadTime: Timestamp {
        self.state.withLock { $0.clock.latest() }
    }

    /// Walks the plan's slice of `index`, re-checking each document against the filter, until
    /// `offset + limit` documents matched; a vector search then ranks what matched.
    static func walk(
        _ query: Query, _ plan: QueryPlan, _ index: QueryIndex, readTime: Timestamp, in database: DatabaseID,
        document lookup: (DocumentPath) -> Document?
    ) -> QueryResult {
        let (start, end) = plan.bounds(in: index)
        var documents: [Document] = []
        var skipped = 0
        var position = start
        var documentsScanned = 0
        while position < end {
            // Full once the offset is skipped and the limit reached: no entry past it is read.
            if let limit = query.limit, documents.count >= limit, skipped >= query.offset { break }
            let entry = index.entries[position]
            position += 1
            guard plan.isUnderParent(entry.path), let document = lookup(entry.path) else { continue }
            documentsScanned += 1
            guard query.filter?.matches(document, in: database) ?? true else { continue }
            if skipped < query.offset {
                skipped += 1
                continue
            }
            documents.append(document)
        }
        if let nearest = query.findNearest { documents = nearest.nearest(documents) }
        var result = QueryResult(documents: documents, skipped: skipped, readTime: readTime)
        result.indexEntriesScanned = position - start
        result.documentsScanned = documentsScanned
        return result
    }
}
