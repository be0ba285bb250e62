/// One listen target's current result and the sinks of every listener on it.
///
/// Shared by all registrations of an equal target, so each commit costs one evaluation per
/// distinct target however many listeners there are. Value type, mutated only under the
/// store's lock by `ListenerRegistry`.
struct ListenView: Sendable {
    /// Returns false when its listener wants nothing more (its stream was cut off): the view
    /// then drops it at once, as `DocumentStore.cancel` would.
    typealias Sink = @Sendable (ListenEvent) -> Bool

    let target: ListenTarget
    let matcher: ListenMatcher
    /// The result as of the latest commit, in result order.
    private(set) var documents: [Document]
    /// Keyed by registration id.
    var sinks: [UInt64: Sink] = [:]

    init(_ target: ListenTarget, database: DatabaseID, tree: inout DocumentTree) {
        self.target = target
        self.matcher = ListenMatcher(target, database: database)
        self.documents = self.matcher.result(in: &tree)
    }

    /// Brings the result up to date with one commit's `changes` (those that may concern this
    /// view) against the post-commit `tree`, and returns the changes a listener sees, or nil
    /// when the result did not change (then no snapshot is sent).
    ///
    /// Changes whose document matched neither before nor after are dropped first, so a commit
    /// elsewhere in the collection costs one filter check per changed document. A windowed
    /// query (`limit`, `offset`) is then re-run, because a change can push a document out of
    /// the window or pull the next one in, as Firebase's clients report (the pushed-out one
    /// `removed`, the pulled-in one `added`); anything else is updated in place by binary
    /// search, O(k log n) for k relevant changes.
    mutating func apply(_ changes: [DocumentChange], tree: inout DocumentTree) -> [ListenChange]? {
        var pairs: [(old: Document?, new: Document?)] = []
        for change in changes {
            let old = change.before.flatMap { self.matcher.matches($0) ? $0 : nil }
            let new = change.after.flatMap { self.matcher.matches($0) ? $0 : nil }
            if old != nil || new != nil { pairs.append((old, new)) }
        }
        guard !pairs.isEmpty else { return nil }
        let result: [ListenChange]
        if self.matcher.isWindowed {
            let new = self.matcher.result(in: &tree)
            result = ListenDiff.changes(from: self.documents, to: new, ordering: self.matcher.ordering)
            self.documents = new
        } else {
            result = ListenDiff.apply(pairs, to: &self.documents, ordering: self.matcher.ordering)
        }
        return result.isEmpty ? nil : result
    }

    /// Replaces the result with `documents` (after a clear or an undo) and returns the changes
    /// from the old one, empty when it is the same.
    mutating func replace(with documents: [Document]) -> [ListenChange] {
        let changes = ListenDiff.changes(from: self.documents, to: documents, ordering: self.matcher.ordering)
        self.documents = documents
        return changes
    }

    /// Hands `event` to every listener's sink and drops those that refuse it. Called under the
    /// store's lock: sinks only enqueue. A refusing sink is removed here rather than by its
    /// stream (which cannot call back into the store from a sink, and may be stuck writing to
    /// a client that stopped reading), so a cut-off listener costs nothing from this commit on.
    mutating func deliver(_ event: ListenEvent) {
        var refused: [UInt64] = []
        for (id, sink) in self.sinks where !sink(event) { refused.append(id) }
        for id in refused { self.sinks[id] = nil }
    }
}
