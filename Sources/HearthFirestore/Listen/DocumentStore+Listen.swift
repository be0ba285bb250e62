import Synchronization

/// Real-time listeners: the store side of Hearth's Firestore listen over SSE.
///
/// A listener registers a target and a sink. Every commit that changes the target's result
/// calls the sink once, under the store's lock and in commit order, with the changes as the
/// client SDKs' `docChanges()` report them (see `ListenDiff`) and the commit's journal receipt;
/// the server waits for the receipt before sending, so listeners only see durable writes.
/// Equal targets share one view, so a thousand listeners on one query cost one evaluation per
/// commit (plus a thousand enqueues).
///
/// Sinks run under the store's lock: they must only enqueue (never block, never call back
/// into this store, which would deadlock). A sink returns false once its listener wants no
/// more events (a reader cut off for falling behind); the store then drops it itself, since
/// the sink cannot call `cancel`.
extension DocumentStore {
    /// Starts listening to `target`.
    ///
    /// The initial snapshot (every document as `added`, kind `.initial`) is computed under the
    /// same lock acquisition that registers the sink, so no commit falls between it and the
    /// first delta. Its `readTime` is a claimed read time: every later commit is strictly later.
    /// Costs one evaluation of the target when no one else listens to it, nothing otherwise.
    ///
    /// - Throws: INVALID_ARGUMENT for an empty document set.
    public func listen(
        _ target: ListenTarget, sink: @escaping @Sendable (ListenEvent) -> Bool
    ) throws(FirestoreError) -> (initial: ListenSnapshot, registration: ListenRegistration) {
        try Self.validate(target)
        return self.state.withLock { state in
            let readTime = state.clock.readTime()
            let (registration, documents, _) = state.listeners.register(target, sink: sink, database: self.database, tree: &state.tree, at: readTime)
            return (.full(.initial, of: documents, at: readTime), registration)
        }
    }

    /// Resumes listening to `target` after the snapshot whose resume token is `token` (the SSE
    /// `Last-Event-ID`), for a client that reconnects.
    ///
    /// Returns a `.delta` with the changes between the result at `token` (reconstructed from
    /// the commit log, as reads at a `readTime` are) and now, empty when nothing changed; or a
    /// `.reset`, every current document `added`, when the commits since `token` are not all
    /// known: `token` is older than the retained history (`CommitLog.horizon`, moved by clears
    /// too), older than the first token this process handed out (it predates a restart), or in
    /// the future. Registered under one lock acquisition, like `listen`. Costs, beside the
    /// registration, O(commits since `token`) and, for a query whose scope changed since, one
    /// O(n log n) indexing of the scope.
    ///
    /// - Throws: INVALID_ARGUMENT for an empty document set.
    public func resume(
        _ target: ListenTarget, after token: Timestamp, sink: @escaping @Sendable (ListenEvent) -> Bool
    ) throws(FirestoreError) -> (snapshot: ListenSnapshot, registration: ListenRegistration) {
        try Self.validate(target)
        return self.state.withLock { state in
            let earliest = state.listeners.earliestToken
            let readTime = state.clock.readTime()
            let (registration, documents, ordering) = state.listeners.register(target, sink: sink, database: self.database, tree: &state.tree, at: readTime)
            guard let earliest, token >= earliest, token <= readTime, (try? state.log.checkReachable(token)) != nil else {
                return (.full(.reset, of: documents, at: readTime), registration)
            }
            let matcher = ListenMatcher(target, database: self.database)
            let past = matcher.result(rollingBack: state.log.statesAt(token), in: &state.tree)
            let changes = ListenDiff.changes(from: past, to: documents, ordering: ordering)
            return (ListenSnapshot(kind: .delta, readTime: readTime, changes: changes, size: documents.count), registration)
        }
    }

    /// Stops a listener: its sink is not called again once this returns. Idempotent.
    public func cancel(_ registration: ListenRegistration) {
        self.state.withLock { $0.listeners.cancel(registration) }
    }

    /// Number of distinct targets being listened to (one shared view each).
    public var listenedTargetCount: Int {
        self.state.withLock { $0.listeners.viewCount }
    }

    /// Number of listeners registered (not yet cancelled, nor dropped by their sink), counted
    /// from the registry itself, so a leaked registration shows. O(targets).
    public var listenerCount: Int {
        self.state.withLock { $0.listeners.listenerCount }
    }

    private static func validate(_ target: ListenTarget) throws(FirestoreError) {
        if case .documents(let paths) = target, paths.isEmpty {
            throw .invalidArgument("A listen target needs at least one document.")
        }
    }

    // MARK: Hooks in the write paths (the caller holds the lock; the tree is already updated)

    /// After a commit (or a partial clear) was applied: updates the views it concerns and
    /// delivers their events. Near zero when no one listens to the documents it changed.
    func publish(_ committed: CommittedChanges, receipt: JournalReceipt?, in state: inout State) {
        state.listeners.didCommit(committed, receipt: receipt, tree: &state.tree)
    }

    /// After every document was deleted at `time`.
    func publishClear(at time: Timestamp, receipt: JournalReceipt?, in state: inout State) {
        state.listeners.didClear(at: time, receipt: receipt)
    }

    /// After commits were undone because they could not be made durable.
    func publishUndo(in state: inout State) {
        guard !state.listeners.isEmpty else { return }
        let readTime = state.clock.readTime()
        state.listeners.didUndo(at: readTime, tree: &state.tree)
    }
}
