import Synchronization

/// Transactions, optimistically: reads inside a read-write transaction record the version
/// they saw; the commit re-checks every one of them (and re-runs every query) under the store
/// lock and fails with ABORTED, changing nothing, if anything moved. Clients retry on ABORTED.
///
/// Why optimistic: the emulator suite locks pessimistically, so a stalled client can block
/// others for up to 30 s; production offers both. Nothing here ever blocks a writer.
extension DocumentStore {
    public func beginTransaction(_ mode: TransactionMode) throws(FirestoreError) -> TransactionID {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> TransactionID in
            let now = state.clock.readTime()
            var readTime: Timestamp?
            var readOnly = false
            if case .readOnly(let time) = mode {
                readOnly = true
                readTime = time ?? now
                if let time { try Self.check(time, state) }
            }
            return state.transactions.begin(TransactionState(readTime: readTime, isReadOnly: readOnly, began: now, lastUsed: now))
        }
    }

    /// Reads a document inside a transaction, recording the version seen.
    public func document(at path: DocumentPath, transaction id: TransactionID) throws(FirestoreError) -> (Document?, readTime: Timestamp) {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> (Document?, readTime: Timestamp) in
            let transaction = try state.transactions.use(id, now: state.clock.latest())
            if let readTime = transaction.readTime {
                try Self.check(readTime, state)
                return (Self.document(at: path, readTime: readTime, state), readTime)
            }
            let document = state.tree.document(at: path)
            state.transactions.update(id) { $0.reads[path] = .some(document?.updateTime) }
            return (document, state.clock.readTime())
        }
    }

    /// Runs a query inside a transaction, recording its result for validation at commit.
    public func runQuery(_ query: Query, transaction id: TransactionID) throws(FirestoreError) -> QueryResult {
        let readTime = try self.state.withLock { (state: inout State) throws(FirestoreError) -> Timestamp? in
            try state.transactions.use(id, now: state.clock.latest()).readTime
        }
        if let readTime { return try self.runQuery(query, readTime: readTime) }
        let result = self.runQuery(query)
        self.state.withLock { state in
            state.transactions.update(id) { transaction in
                transaction.queries.append((query, Dictionary(uniqueKeysWithValues: result.documents.map { ($0.path, $0.updateTime) })))
                for document in result.documents { transaction.reads[document.path] = .some(document.updateTime) }
            }
        }
        return result
    }

    /// Commits `writes` as the end of transaction `id`; ABORTED if anything it read changed.
    /// `review` authorizes the writes as in `commit(_:review:)`.
    public func commit(_ writes: [Write], transaction id: TransactionID, review: CommitReviewer? = nil) throws(FirestoreError) -> CommitResult {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> CommitResult in
            let transaction = try state.transactions.use(id, now: state.clock.latest())
            state.transactions.end(id)
            if transaction.isReadOnly && !writes.isEmpty {
                throw .invalidArgument("Cannot modify documents in a read-only transaction; begin a read-write transaction to write.")
            }
            for (path, seen) in transaction.reads where state.tree.document(at: path)?.updateTime != seen {
                throw .aborted("Transaction aborted: \(self.name(of: path)) changed after the transaction read it. Retry the transaction.")
            }
            for (query, seen) in transaction.queries {
                let plan = QueryPlan(query)
                let index = state.tree.index(for: plan.definition)
                let tree = state.tree
                let now = Self.walk(query, plan, index, readTime: state.clock.readTime(), in: self.database) { tree.document(at: $0) }
                if Dictionary(uniqueKeysWithValues: now.documents.map { ($0.path, $0.updateTime) }) != seen {
                    throw .aborted("Transaction aborted: the result of a query it ran changed before it committed. Retry the transaction.")
                }
            }
            return try self.apply(writes, to: &state, review: review)
        }
    }

    /// Abandons transaction `id`. Rolling back one that already ended (a commit failed) is a
    /// no-op, so the client sees the commit's error rather than the rollback's.
    public func rollback(_ id: TransactionID) throws(FirestoreError) {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> Void in
            if state.transactions.hasEnded(id) { return }
            _ = try state.transactions.use(id, now: state.clock.latest())
            state.transactions.end(id)
        }
    }
}
