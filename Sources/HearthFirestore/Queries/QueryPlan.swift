/// How a query uses an index: which index, and which slice of it to walk.
///
/// The index is keyed by the query's equality fields (sorted, ascending) followed by its
/// normalised ordering. The slice is bounded by the equality values, by one range filter on
/// the first ordered field when there is one, and by the cursors; everything else is checked
/// per entry by the filter itself, so the plan only ever narrows, never decides.
struct QueryPlan: Sendable {
    let definition: IndexDefinition
    private let parent: DocumentPath?
    private let equalityValues: [FirestoreValue]
    private let ranges: [(Filter.FieldOperator, FirestoreValue)]
    private let startAt: QueryCursor?
    private let endAt: QueryCursor?

    init(_ query: Query) {
        let ordering = query.normalizedOrderBy
        let equalities = (query.filter?.requiredEqualities ?? [:])
            .filter { $0.key != .documentID }
            .sorted { $0.key < $1.key }
        let scope: IndexDefinition.Scope
        switch (query.allDescendants, query.collectionID) {
        case (false, let id?):
            let collection = try? query.parent.map { parent throws(FirestoreError) in try parent.child(id) } ?? CollectionPath(segments: [id])
            scope = collection.map { .collection($0) } ?? .group(id)
        case (true, let id?):
            scope = .group(id)
        case (_, nil):
            scope = .everything
        }
        self.definition = IndexDefinition(
            scope: scope,
            fields: equalities.map { OrderBy(field: $0.key, direction: .ascending) } + ordering
        )
        self.parent = query.allDescendants ? query.parent : nil
        self.equalityValues = equalities.map(\.value)
        self.startAt = query.startAt
        self.endAt = query.endAt
        // A range filter on the first ordered field bounds the walk; only top-level AND'ed
        // ones are safe to use (under OR they would wrongly cut other branches).
        var ranges: [(Filter.FieldOperator, FirestoreValue)] = []
        if let first = ordering.first, !first.isDocumentID, let filter = query.filter {
            let conjuncts: [Filter] = if case .composite(.and, let children) = filter { children } else { [filter] }
            for case .field(let path, let op, let value) in conjuncts where path == first.field {
                switch op {
                case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual: ranges.append((op, value))
                default: break
                }
            }
        }
        self.ranges = ranges
    }

    /// For collection-group queries under a parent document: is `path` beneath it?
    func isUnderParent(_ path: DocumentPath) -> Bool {
        guard let parent else { return true }
        return path.segments.count > parent.segments.count && path.segments.starts(with: parent.segments)
    }

    /// The half-open range of index positions the query has to walk. O(log n).
    func bounds(in index: QueryIndex) -> (Int, Int) {
        let prefix = self.equalityValues
        var start = index.lowerBound { index.compare($0, toBound: prefix) == .ascending }
        var end = index.lowerBound { index.compare($0, toBound: prefix) != .descending }
        let descending = index.definition.fields[prefix.count].direction == .descending
        for (op, value) in self.ranges {
            let bound = prefix + [value]
            let before = index.lowerBound { index.compare($0, toBound: bound) == .ascending }
            let through = index.lowerBound { index.compare($0, toBound: bound) != .descending }
            switch (op, descending) {
            case (.greaterThan, false), (.lessThan, true): start = max(start, through)
            case (.greaterThanOrEqual, false), (.lessThanOrEqual, true): start = max(start, before)
            case (.lessThan, false), (.greaterThan, true): end = min(end, before)
            case (.lessThanOrEqual, false), (.greaterThanOrEqual, true): end = min(end, through)
            default: break
            }
        }
        if let cursor = self.startAt {
            let bound = prefix + cursor.values
            start = max(start, index.lowerBound { entry in
                let order = index.compare(entry, toBound: bound)
                return cursor.before ? order == .ascending : order != .descending
            })
        }
        if let cursor = self.endAt {
            let bound = prefix + cursor.values
            end = min(end, index.lowerBound { entry in
                let order = index.compare(entry, toBound: bound)
                return cursor.before ? order == .ascending : order != .descending
            })
        }
        return (start, max(start, end))
    }
}
