/// A listen target compiled for evaluation: which documents belong to its result, in what
/// order, and how to compute the whole result.
///
/// Membership (`matches`) is the query without `offset` and `limit`: in scope, satisfying the
/// filter, having every ordered field, and within the cursors. A commit whose changed documents
/// neither matched before nor match after cannot change the result, limited or not, which is
/// what lets a view skip a commit after one filter check per changed document.
struct ListenMatcher: Sendable {
    private enum Criteria: Sendable {
        case documents(Set<DocumentPath>)
        case query(Query, QueryPlan)
    }

    private let criteria: Criteria
    /// The result's order: the query's normalised ordering; by name for document targets.
    let ordering: DocumentOrdering
    let database: DatabaseID

    init(_ target: ListenTarget, database: DatabaseID) {
        self.database = database
        switch target {
        case .document(let path):
            self.criteria = .documents([path])
            self.ordering = DocumentOrdering([])
        case .documents(let paths):
            self.criteria = .documents(Set(paths))
            self.ordering = DocumentOrdering([])
        case .query(let query):
            self.criteria = .query(query, QueryPlan(query))
            self.ordering = DocumentOrdering(query.normalizedOrderBy)
        }
    }

    /// Whether the result is a window of the matching documents (`limit` or `offset`), so that
    /// a change can pull in or push out documents it does not touch: such views re-run the
    /// query per relevant commit instead of updating in place.
    var isWindowed: Bool {
        guard case .query(let query, _) = self.criteria else { return false }
        return query.limit != nil || query.offset > 0
    }

    /// The index scope of a query target (for routing commits to views); nil for documents.
    var scope: IndexDefinition.Scope? {
        guard case .query(_, let plan) = self.criteria else { return nil }
        return plan.definition.scope
    }

    /// Whether `document` belongs to the result, ignoring `offset` and `limit`. O(filter size +
    /// ordered fields).
    func matches(_ document: Document) -> Bool {
        switch self.criteria {
        case .documents(let paths):
            return paths.contains(document.path)
        case .query(let query, let plan):
            guard plan.definition.covers(document.path), plan.isUnderParent(document.path),
                query.filter?.matches(document, in: self.database) ?? true,
                let key = self.ordering.sortKey(of: document)
            else { return false }
            return self.isWithinCursors(key, document.path, query)
        }
    }

    /// The current result, in order: the indexed query (O(log n + offset + limit) once the
    /// index exists), or one lookup per document of a document target.
    func result(in tree: inout DocumentTree) -> [Document] {
        switch self.criteria {
        case .documents(let paths):
            return paths.compactMap { tree.document(at: $0) }.sorted { $0.path < $1.path }
        case .query(let query, let plan):
            let index = tree.index(for: plan.definition)
            let snapshot = tree
            return DocumentStore.walk(query, plan, index, readTime: .min, in: self.database) { snapshot.document(at: $0) }.documents
        }
    }

    /// The result as it was before the commits whose before-images are `rolledBack` (the state
    /// at a past time; see `CommitLog.statesAt`). For a query this indexes the whole scope for
    /// this one call, O(n log n): the slow path of a resume, as for reads at a `readTime`.
    func result(rollingBack rolledBack: [DocumentPath: Document?], in tree: inout DocumentTree) -> [Document] {
        if rolledBack.isEmpty { return self.result(in: &tree) }
        switch self.criteria {
        case .documents(let paths):
            return paths.compactMap { rolledBack[$0] ?? tree.document(at: $0) }.sorted { $0.path < $1.path }
        case .query(let query, let plan):
            var snapshot: [DocumentPath: Document] = [:]
            for document in tree.documents.values where plan.definition.covers(document.path) && rolledBack[document.path] == nil {
                snapshot[document.path] = document
            }
            for case (let path, let document?) in rolledBack where plan.definition.covers(path) {
                snapshot[path] = document
            }
            let index = QueryIndex(definition: plan.definition, documents: snapshot.values)
            return DocumentStore.walk(query, plan, index, readTime: .min, in: self.database) { snapshot[$0] }.documents
        }
    }

    /// The cursor test `QueryPlan.bounds` applies to a walk, for one document: `startAt`
    /// (`before`: inclusive) and `endAt` (`before`: exclusive) compare the document's ordered
    /// values with the cursor's, over the cursor's length.
    private func isWithinCursors(_ key: [FirestoreValue], _ path: DocumentPath, _ query: Query) -> Bool {
        if let start = query.startAt {
            let order = self.compare(key, path, toBound: start.values)
            if start.before ? order == .ascending : order != .descending { return false }
        }
        if let end = query.endAt {
            let order = self.compare(key, path, toBound: end.values)
            if end.before ? order != .ascending : order == .descending { return false }
        }
        return true
    }

    /// Mirrors `QueryIndex.compare(_:toBound:)` over the normalised ordering.
    private func compare(_ key: [FirestoreValue], _ path: DocumentPath, toBound bound: [FirestoreValue]) -> FirestoreOrdering {
        var valueIndex = 0
        for (position, order) in self.ordering.orderBy.enumerated() where position < bound.count {
            var result: FirestoreOrdering
            if order.isDocumentID {
                guard case .reference(let name) = bound[position] else { return .ascending }
                result = path < name.path ? .ascending : (path == name.path ? .same : .descending)
            } else {
                result = FirestoreValue.compare(key[valueIndex], bound[position])
                valueIndex += 1
            }
            if order.direction == .descending { result = result.reversed }
            if result != .same { return result }
        }
        return .same
    }
}
