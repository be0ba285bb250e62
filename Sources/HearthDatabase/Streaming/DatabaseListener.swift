/// What one stream (a GET with `Accept: text/event-stream` at `path`) must be sent, derived
/// from committed changes (`rtdb.md` §4.4). A pure state machine: no I/O, no clock.
///
/// Plain listeners (no filtering query) are stateless and map each change directly:
/// - a set at or below the location: `put` at its relative path with the new value;
/// - an update at or below: `patch` at its relative path with the update's members;
/// - a set above: `put` at `/` with the new value at the location, only if it changed;
/// - an update above: a key covering the location gives `put` at `/` with the new value there
///   (if changed); keys inside the location give one `patch` at `/` with location-relative keys;
/// - anything else: no event.
///
/// Query listeners (`orderBy`, ranges, limits) keep their last result. Production's behaviour is
/// unverified, so Hearth follows the reference's recommendation: after a change that touches the
/// location, re-run the query on the new value; if the result differs, send `put` at `/<key>`
/// for each child that was added, changed or removed (`null`), or a single `put` at `/` when
/// either result is empty. Every client applies these with plain put semantics. Cost: the
/// query, O(n log n) in the location's children, per relevant change.
public struct DatabaseListener: Sendable {
    public let path: DatabasePath
    /// nil (or an unfiltered query) for a plain listener.
    public let query: DatabaseQuery?
    private var lastResult: DatabaseNode?

    public init(path: DatabasePath, query: DatabaseQuery? = nil) {
        self.path = path
        self.query = query?.isFiltered == true ? query : nil
    }

    /// The first event on every connect: `put` at `/` with the current value (the query's
    /// result for a query listener), `null` if there is none. Pass the root that
    /// ``DatabaseStore/subscribe(_:)`` returned.
    public mutating func initialEvent(root: DatabaseNode) -> DatabaseStreamEvent {
        var value = root.child(at: self.path)
        if let query = self.query {
            value = query.select(from: value)
            self.lastResult = value
        }
        return .put(path: .root, data: value)
    }

    /// The events `change` produces for this listener, given the tree after it (as a
    /// ``DatabaseChangeSink`` receives them).
    public mutating func events(for change: DatabaseChange, root: DatabaseNode) -> [DatabaseStreamEvent] {
        let path = self.path
        return self.events(for: change, value: root.child(at: path))
    }

    /// Whether `change` touches this listener's location (at, above or below it); the others
    /// produce no events, so a sink can drop them without queueing.
    public func isAffected(by change: DatabaseChange) -> Bool {
        self.path.contains(change.path) || change.path.isAncestor(of: self.path)
    }

    /// Whether events need the value at the location after each change (query listeners
    /// re-run their query); plain listeners derive everything from the change.
    public var needsValue: Bool { self.query != nil }

    /// As ``events(for:root:)``, given the value at the listener's location after the change
    /// (only read when ``needsValue``), so a sink can hand over that subtree, not the whole tree.
    public mutating func events(for change: DatabaseChange, value: @autoclosure () -> DatabaseNode) -> [DatabaseStreamEvent] {
        guard self.isAffected(by: change) else { return [] }
        if let query = self.query { return self.queryEvents(query, value()) }
        if let relative = change.path.relative(to: self.path) {
            switch change.kind {
            case .set:
                return change.entries.map { .put(path: relative.appending($0.path), data: $0.value) }
            case .update:
                if change.entries.isEmpty { return [] }
                return [.patch(path: relative, data: change.entries.map { .init(path: $0.path, value: $0.value) })]
            }
        }
        var members: [DatabaseStreamEvent.Member] = []
        for entry in change.entries {
            let location = change.path.appending(entry.path)
            if let below = self.path.relative(to: location) {
                let value = entry.value.child(at: below)
                return value == entry.before.child(at: below) ? [] : [.put(path: .root, data: value)]
            }
            if let inside = location.relative(to: self.path) { members.append(.init(path: inside, value: entry.value)) }
        }
        return members.isEmpty ? [] : [.patch(path: .root, data: members)]
    }

    private mutating func queryEvents(_ query: DatabaseQuery, _ value: DatabaseNode) -> [DatabaseStreamEvent] {
        let result = query.select(from: value)
        let previous = self.lastResult ?? .empty
        self.lastResult = result
        if result == previous { return [] }
        if result.isEmpty || previous.isEmpty { return [.put(path: .root, data: result)] }
        var events: [DatabaseStreamEvent] = []
        var keys = Set(previous.children.keys)
        keys.formUnion(result.children.keys)
        let ordered = keys.sorted { DatabaseOrdering.compareKeys($0, $1) == .ascending }
        for key in ordered where previous.child(key) != result.child(key) {
            events.append(.put(path: DatabasePath(unchecked: [key]), data: result.child(key)))
        }
        return events
    }
}
