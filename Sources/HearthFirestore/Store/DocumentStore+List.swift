import Synchronization

extension DocumentStore {
    /// ListDocuments: one page of a collection in the requested order.
    ///
    /// Costs: ordered by name (the default), O(log n + page) via the collection's sorted
    /// index; with `showMissing`, plus O(m log m) for the m missing parents; ordered by a
    /// field, O(n log n) over the collection (the query engine's indexes are not used here).
    public func list(_ request: ListDocumentsRequest) -> ListPage {
        self.state.withLock { state in
            guard let index = state.tree.collection(request.collection) else { return ListPage(entries: [], next: nil) }
            let ordering = DocumentOrdering(request.orderBy)
            if ordering.orderBy.count == 1 {
                return Self.pageByName(index, state.tree, request, descending: ordering.orderBy[0].direction == .descending)
            }
            return Self.pageByFields(index, state.tree, request, ordering)
        }
    }

    private static func pageByName(_ index: CollectionIndex, _ tree: DocumentTree, _ request: ListDocumentsRequest, descending: Bool) -> ListPage {
        var paths = index.paths
        if request.showMissing {
            let missing = index.descendantCounts.keys.filter { tree.document(at: $0) == nil }
            if !missing.isEmpty { paths = (paths + missing).sorted() }
        }
        let known = !descending && !request.showMissing ? request.startAfter.map { index.upperBound(of: $0.path) } : nil
        return Self.page(paths, request, descending: descending, start: known) { tree.document(at: $0) }
    }

    /// One page of `ascending` (sorted paths, missing documents among them), resuming after
    /// the request's cursor; `known` is where that is when the caller found it faster.
    private static func page(
        _ ascending: [DocumentPath], _ request: ListDocumentsRequest, descending: Bool, start known: Int? = nil, _ lookup: (DocumentPath) -> Document?
    ) -> ListPage {
        let paths = descending ? Array(ascending.reversed()) : ascending
        var start = 0
        if let after = request.startAfter?.path {
            start = known ?? paths.firstIndex(where: { descending ? $0 < after : after < $0 }) ?? paths.count
        }
        let end = request.pageSize.map { min(paths.count, start + $0) } ?? paths.count
        let entries: [ListedDocument] = paths[start..<end].map { path in
            lookup(path).map(ListedDocument.document) ?? .missing(path)
        }
        let next = end < paths.count && end > start ? ListCursor(values: [], path: paths[end - 1]) : nil
        return ListPage(entries: entries, next: next)
    }

    /// ListDocuments with `showMissing` as the database was at `readTime`: the collection's
    /// documents then, and the names that only had documents below them then. O(n) over the
    /// database's documents (a slow path for historical reads).
    private func listShowingMissing(_ request: ListDocumentsRequest, readTime: Timestamp) throws(FirestoreError) -> ListPage {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> ListPage in
            try Self.check(readTime, state)
            let rolledBack = state.log.statesAt(readTime)
            let collection = request.collection.segments
            var present: [DocumentPath: Document] = [:]
            var parents = Set<DocumentPath>()
            func note(_ document: Document) {
                let segments = document.path.segments
                guard segments.count > collection.count, segments.starts(with: collection) else { return }
                if segments.count == collection.count + 1 {
                    present[document.path] = document
                } else {
                    parents.insert(DocumentPath(unchecked: Array(segments[...collection.count])))
                }
            }
            for document in state.tree.documents.values where rolledBack[document.path] == nil { note(document) }
            for case (_, let document?) in rolledBack { note(document) }
            let descending = DocumentOrdering(request.orderBy).orderBy[0].direction == .descending
            return Self.page(parents.union(present.keys).sorted(), request, descending: descending) { present[$0] }
        }
    }

    private static func pageByFields(_ index: CollectionIndex, _ tree: DocumentTree, _ request: ListDocumentsRequest, _ ordering: DocumentOrdering) -> ListPage {
        var rows: [(key: [FirestoreValue], document: Document)] = index.paths.compactMap { path in
            guard let document = tree.document(at: path), let key = ordering.sortKey(of: document) else { return nil }
            return (key, document)
        }
        rows.sort { ordering.precedes($0.key, $0.document.path, $1.key, $1.document.path) }
        var start = 0
        if let after = request.startAfter {
            start = rows.firstIndex(where: { ordering.precedes(after.values, after.path, $0.key, $0.document.path) }) ?? rows.count
        }
        let end = request.pageSize.map { min(rows.count, start + $0) } ?? rows.count
        let page = rows[start..<end]
        let next = end < rows.count && end > start ? page.last.map { ListCursor(values: $0.key, path: $0.document.path) } : nil
        return ListPage(entries: page.map { .document($0.document) }, next: next)
    }
}

extension DocumentStore {
    /// ListDocuments under any consistency. With `showMissing`, at a `readTime` only (as the
    /// Python client sends it on every list). Other reads inside a transaction or at a `readTime` run
    /// as the equivalent query (the collection in the requested order, resuming after the
    /// cursor), so they get the same snapshot and validation as queries do.
    public func list(_ request: ListDocumentsRequest, _ consistency: ReadConsistency) throws(FirestoreError) -> ListPage {
        if case .latest = consistency { return self.list(request) }
        if request.showMissing {
            guard case .readTime(let time) = consistency else {
                throw .invalidArgument("showMissing cannot be combined with a transaction; list missing documents outside it or at a readTime.")
            }
            return try self.listShowingMissing(request, readTime: time)
        }
        let startAt = request.startAfter.map { cursor in
            QueryCursor(values: cursor.values + [.reference(DocumentName(database: self.database, path: cursor.path))], before: false)
        }
        let query = try Query(
            parent: request.collection.parent, collectionID: request.collection.id, orderBy: request.orderBy,
            startAt: startAt, limit: request.pageSize.map { $0 + 1 })
        var documents = try self.runQuery(query, consistency).result.documents
        var next: ListCursor?
        if let pageSize = request.pageSize, documents.count > pageSize {
            documents.removeLast(documents.count - pageSize)
            if let last = documents.last {
                next = ListCursor(values: DocumentOrdering(request.orderBy).sortKey(of: last) ?? [], path: last.path)
            }
        }
        return ListPage(entries: documents.map(ListedDocument.document), next: next)
    }
}
