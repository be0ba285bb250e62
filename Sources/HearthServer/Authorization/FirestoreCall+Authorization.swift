import HearthFirestore
import HearthRules

/// Security rules on every Firestore request (reference §8.6): reads are `get` per document
/// and `list` per query (judged from the query, not the stored documents); each write of a
/// commit is `create`, `update` or `delete` (a `verify` is a `get`). `Bearer owner` and
/// projects without rules skip all of it.
extension FirestoreCall {
    /// `get` on one document (GetDocument, a transaction read); `document` is what the read
    /// found (nil = missing, which rules see as `resource == null`).
    func authorize(get path: DocumentPath, _ document: Document?) throws(FirestoreError) {
        var lookups = 0
        try self.authorize(get: path, document, limits: .singleDocument, lookups: &lookups)
    }

    /// `get` on each document a multi-document read (batchGet, a listen on documents) returns,
    /// `read` giving what it found: 10 document access calls per document and 20 for them all,
    /// as production counts them for the whole request. A single document is a single read.
    func authorize(get paths: [DocumentPath], _ read: (DocumentPath) throws(FirestoreError) -> Document?) throws(FirestoreError) {
        var lookups = 0
        let limits: EvaluationLimits = paths.count > 1 ? .multiDocument : .singleDocument
        for path in paths {
            try self.authorize(get: path, read(path), limits: limits, lookups: &lookups)
        }
    }

    /// `get` on one document, counting its document access calls into `lookups`, the request's.
    private func authorize(get path: DocumentPath, _ document: Document?, limits: EvaluationLimits, lookups: inout Int) throws(FirestoreError) {
        guard let rules = self.rules else { return }
        var request = self.accessRequest(.get, path.segments)
        request.resource = document.map { RuleDocument($0, in: self.database) }
        request.limits = limits
        let decision = rules.ruleset.evaluate(
            request, lookup: StoreDocumentLookup(store: self.store), lookupsSoFar: lookups, debugSink: self.debugSink(rules))
        lookups += decision.documentLookups
        try self.enforce(decision, .get, self.store.name(of: path), rules)
    }

    /// `list` for a query (RunQuery, RunAggregationQuery, a listener): allowed only if the
    /// rules hold for every document the query's filters admit ("rules are not filters").
    func authorize(list query: Query) throws(FirestoreError) {
        guard let rules = self.rules else { return }
        let parent = query.parent?.segments ?? []
        var request = self.accessRequest(.list, parent + [query.collectionID ?? ""])
        request.collectionGroup = query.allDescendants
        request.query = ListQuery(
            limit: query.limit.map(Int64.init), offset: query.offset == 0 ? nil : Int64(query.offset),
            orderBy: .map(Dictionary(query.orderBy.map { ($0.field.canonicalString, .string($0.direction == .ascending ? "ASC" : "DESC")) }) { a, _ in a }))
        let target =
            (query.allDescendants ? "collection group " : "") + self.database.documentsRoot + "/"
            + (parent + [query.collectionID ?? ""]).joined(separator: "/")
        guard let cases = ListConstraints.cases(for: query.filter) else {
            throw self.denial(
                "list on \(target) was denied: the query has too many OR/IN branches for Hearth to prove the rules for each.", rules)
        }
        let decision = rules.ruleset.evaluateList(request, cases: cases, lookup: StoreDocumentLookup(store: self.store), debugSink: self.debugSink(rules))
        try self.enforce(decision, .list, target, rules)
    }

    /// `list` for ListDocuments: no filters, `pageSize` as `request.query.limit`.
    func authorize(list listing: ListDocumentsRequest) throws(FirestoreError) {
        guard self.rules != nil else { return }
        let collection = listing.collection
        let query = try Query(
            parent: collection.parent, collectionID: collection.id, orderBy: listing.orderBy,
            limit: listing.pageSize)
        try self.authorize(list: query)
    }

    /// The commit reviewer enforcing rules on every write, or nil when nothing is enforced.
    func reviewer(inTransaction: Bool = false) -> CommitReviewer? {
        guard let rules = self.rules else { return nil }
        return { (review: CommitReview) throws(FirestoreError) in
            let lookup = StoreDocumentLookup(review: review, database: self.database)
            // Production's 20 document access calls are for the whole commit, 10 per write.
            var lookups = 0
            for item in review.items {
                let (method, request) = self.accessRequest(for: item, batch: review.items.count > 1, inTransaction: inTransaction)
                let decision = rules.ruleset.evaluate(request, lookup: lookup, lookupsSoFar: lookups, debugSink: self.debugSink(rules))
                lookups += decision.documentLookups
                try self.enforce(decision, method, self.store.name(of: item.write.path), rules)
            }
        }
    }

    /// ListCollectionIds and PartitionQuery cannot be granted by rules (production): with
    /// rules in force only `Bearer owner` may call them.
    func requireAdmin(_ rpc: String) throws(FirestoreError) {
        guard let rules = self.rules else { return }
        throw self.denial("\(rpc) is not grantable by security rules; only admin credentials (Bearer owner) may call it.", rules)
    }

    private func accessRequest(for item: CommitReview.Item, batch: Bool, inTransaction: Bool) -> (RequestMethod, AccessRequest) {
        let method: RequestMethod
        switch item.write.operation {
        case .delete: method = .delete
        case .verify: method = .get
        case .update, .transform: method = item.before == nil ? .create : .update
        }
        var request = self.accessRequest(method, item.write.path.segments)
        request.resource = item.before.map { RuleDocument($0, in: self.database) }
        if method == .create || method == .update {
            request.requestResource = item.after.map { RuleDocument($0, in: self.database) }
        }
        request.inTransaction = inTransaction
        request.limits = batch || inTransaction ? .multiDocument : .singleDocument
        return (method, request)
    }

    private func accessRequest(_ method: RequestMethod, _ path: [String]) -> AccessRequest {
        let now = Timestamp.now()
        return AccessRequest(
            method: method, path: path, databaseID: self.database.database, auth: self.auth,
            time: RuleTimestamp(seconds: now.seconds, nanos: now.nanos))
    }
}
