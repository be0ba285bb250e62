import Synchronization

extension DocumentStore {
    /// The document as it was at `readTime` (nil if it did not exist then), reconstructed by
    /// undoing the commits made since. O(commits since `readTime`).
    ///
    /// - Throws: FAILED_PRECONDITION when `readTime` is older than the retained history, or
    ///   INVALID_ARGUMENT when it is in the future.
    public func document(at path: DocumentPath, readTime: Timestamp) throws(FirestoreError) -> Document? {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> Document? in
            try Self.check(readTime, state)
            return Self.document(at: path, readTime: readTime, state)
        }
    }

    /// A structured query over the database as it was at `readTime`.
    ///
    /// When nothing changed since `readTime` this is the ordinary indexed query. Otherwise the
    /// query's scope is reconstructed (current documents with the changed ones rolled back) and
    /// indexed for this one query: O(n log n) in the scope, a slow path for historical reads.
    public func runQuery(_ query: Query, readTime: Timestamp) throws(FirestoreError) -> QueryResult {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> QueryResult in
            try Self.check(readTime, state)
            let rolledBack = state.log.statesAt(readTime)
            let plan = QueryPlan(query)
            if rolledBack.isEmpty {
                let index = state.tree.index(for: plan.definition)
                let tree = state.tree
                return Self.walk(query, plan, index, readTime: readTime, in: self.database) { tree.document(at: $0) }
            }
            var snapshot: [DocumentPath: Document] = [:]
            for document in state.tree.documents.values where plan.definition.covers(document.path) && rolledBack[document.path] == nil {
                snapshot[document.path] = document
            }
            for case (let path, let document?) in rolledBack where plan.definition.covers(path) {
                snapshot[path] = document
            }
            let index = QueryIndex(definition: plan.definition, documents: snapshot.values)
            return Self.walk(query, plan, index, readTime: readTime, in: self.database) { snapshot[$0] }
        }
    }

    static func check(_ readTime: Timestamp, _ state: State) throws(FirestoreError) {
        if readTime > state.clock.latest() {
            throw .invalidArgument("readTime \(readTime.rfc3339) is in the future; read at or before the current time.")
        }
        try state.log.checkReachable(readTime)
    }

    static func document(at path: DocumentPath, readTime: Timestamp, _ state: State) -> Document? {
        var result = state.tree.document(at: path)
        for commit in state.log.commits(after: readTime) {
            for change in commit.changes where change.path == path { result = change.before }
        }
        return result
    }
}
