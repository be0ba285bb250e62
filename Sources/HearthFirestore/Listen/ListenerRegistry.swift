/// Every listener of one database: a view per distinct target, and indexes that route a
/// commit's changed documents to the views they may concern.
///
/// Lives in `DocumentStore.State`, mutated only under the store's lock. Routing costs, per
/// changed document, three hash lookups (its name, its collection, its collection ID) plus
/// the kindless queries, and nothing at all when nobody listens; so commits to collections no
/// one listens to stay as cheap as before listeners existed.
struct ListenerRegistry: Sendable {
    private var views: [Int: ListenView] = [:]
    private var viewIDs: [ListenTarget: Int] = [:]
    private var byDocument: [DocumentPath: Set<Int>] = [:]
    private var byCollection: [CollectionPath: Set<Int>] = [:]
    private var byGroup: [String: Set<Int>] = [:]
    /// Views of kindless queries (every collection), consulted for every change.
    private var everywhere: Set<Int> = []
    private var nextID: UInt64 = 0
    /// The first resume token this process handed out. An older token comes from before a
    /// restart (or from nowhere): the commits since it are unknown, so it gets a reset.
    private(set) var earliestToken: Timestamp?

    var isEmpty: Bool { self.views.isEmpty }

    /// Number of distinct targets listened to (views), for tests and diagnostics.
    var viewCount: Int { self.views.count }

    /// Number of registered listeners (sinks over every view). O(views).
    var listenerCount: Int { self.views.values.reduce(0) { $0 + $1.sinks.count } }

    /// Adds a listener of `target`, sharing the view of an equal target or evaluating a new one
    /// against `tree`. Returns the registration and the view's current result.
    mutating func register(
        _ target: ListenTarget, sink: @escaping ListenView.Sink, database: DatabaseID, tree: inout DocumentTree, at readTime: Timestamp
    ) -> (registration: ListenRegistration, documents: [Document], ordering: DocumentOrdering) {
        if self.earliestToken == nil { self.earliestToken = readTime }
        self.nextID += 1
        let registration = ListenRegistration(id: self.nextID, target: target)
        let id: Int
        if let existing = self.viewIDs[target] {
            id = existing
        } else {
            id = Int(truncatingIfNeeded: self.nextID)
            let view = ListenView(target, database: database, tree: &tree)
            self.views[id] = view
            self.viewIDs[target] = id
            self.route(view, id, adding: true)
        }
        self.views[id]!.sinks[registration.id] = sink
        let view = self.views[id]!
        return (registration, view.documents, view.matcher.ordering)
    }

    /// Removes a listener; the view goes when its last listener does. Idempotent.
    mutating func cancel(_ registration: ListenRegistration) {
        guard let id = self.viewIDs[registration.target] else { return }
        self.views[id]!.sinks[registration.id] = nil
        self.removeIfUnwatched(id)
    }

    /// Applies a commit to every view it may concern and delivers one event per view whose
    /// result changed. `tree` is the post-commit tree. O(routing) when nothing listens nearby.
    mutating func didCommit(_ committed: CommittedChanges, receipt: JournalReceipt?, tree: inout DocumentTree) {
        guard !self.views.isEmpty, !committed.changes.isEmpty else { return }
        for (id, changes) in self.route(committed.changes) {
            guard let changes = self.views[id]!.apply(changes, tree: &tree) else { continue }
            let snapshot = ListenSnapshot(kind: .delta, readTime: committed.commitTime, changes: changes, size: self.views[id]!.documents.count)
            self.deliver(ListenEvent(snapshot: snapshot, receipt: receipt), to: id)
        }
    }

    /// After every document was deleted (the emulator's clear): each non-empty view reports its
    /// documents `removed`. O(views + their documents).
    mutating func didClear(at time: Timestamp, receipt: JournalReceipt?) {
        for id in Array(self.views.keys) {
            let changes = self.views[id]!.replace(with: [])
            guard !changes.isEmpty else { continue }
            self.deliver(ListenEvent(snapshot: ListenSnapshot(kind: .delta, readTime: time, changes: changes, size: 0), receipt: receipt), to: id)
        }
    }

    /// After commits were undone in memory (their journal write failed): every view is
    /// re-evaluated, and each whose result differs from what it last reported sends a `reset`
    /// with the restored result. Why a reset and not a delta: the server drops the events of
    /// the undone commits (their receipts fail), so listeners may or may not have seen them; a
    /// full snapshot is right either way. O(views × evaluation), on a path that ends all writes.
    mutating func didUndo(at readTime: Timestamp, tree: inout DocumentTree) {
        for id in Array(self.views.keys) {
            let documents = self.views[id]!.matcher.result(in: &tree)
            guard !self.views[id]!.replace(with: documents).isEmpty else { continue }
            self.deliver(ListenEvent(snapshot: .full(.reset, of: documents, at: readTime), receipt: nil), to: id)
        }
    }

    /// Delivers `event` to the listeners of view `id`; a view left without listeners (every
    /// sink refused) goes, as on `cancel`.
    private mutating func deliver(_ event: ListenEvent, to id: Int) {
        self.views[id]!.deliver(event)
        self.removeIfUnwatched(id)
    }

    /// Removes view `id` and its routing entries when no listener is left on it.
    private mutating func removeIfUnwatched(_ id: Int) {
        guard self.views[id]?.sinks.isEmpty == true, let view = self.views.removeValue(forKey: id) else { return }
        self.viewIDs[view.target] = nil
        self.route(view, id, adding: false)
    }

    /// The views each change may concern, with those changes in commit order.
    private func route(_ changes: [DocumentChange]) -> [Int: [DocumentChange]] {
        var routed: [Int: [DocumentChange]] = [:]
        for change in changes {
            let parent = change.path.parent
            for id in self.byDocument[change.path] ?? [] { routed[id, default: []].append(change) }
            for id in self.byCollection[parent] ?? [] { routed[id, default: []].append(change) }
            for id in self.byGroup[parent.id] ?? [] { routed[id, default: []].append(change) }
            for id in self.everywhere { routed[id, default: []].append(change) }
        }
        return routed
    }

    /// Adds or removes a view's routing entries.
    private mutating func route(_ view: ListenView, _ id: Int, adding: Bool) {
        func update<Key: Hashable>(_ table: inout [Key: Set<Int>], _ key: Key) {
            if adding {
                table[key, default: []].insert(id)
            } else {
                table[key]?.remove(id)
                if table[key]?.isEmpty == true { table[key] = nil }
            }
        }
        if let paths = view.target.documentPaths {
            for path in paths { update(&self.byDocument, path) }
            return
        }
        switch view.matcher.scope {
        case .collection(let path)?: update(&self.byCollection, path)
        case .group(let id)?: update(&self.byGroup, id)
        case .everything?, nil:
            if adding { self.everywhere.insert(id) } else { self.everywhere.remove(id) }
        }
    }
}
