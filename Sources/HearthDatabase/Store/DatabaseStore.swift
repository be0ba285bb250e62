import HearthCore
import Synchronization

/// One Realtime Database namespace's tree, in memory, safe to use from any task.
///
/// Why a lock and not an actor, as for Firestore's `DocumentStore`: every operation is a short
/// synchronous critical section (a path walk, a sorted insert), and requests arrive on many
/// event-loop threads; a `Mutex` costs nanoseconds uncontended where an actor hop costs a task
/// switch. Nothing awaits while holding the lock. Reads copy the node out (copy-on-write, O(1))
/// and evaluate queries, hashes and JSON outside the lock.
///
/// Each write resolves its server values, applies itself, takes the next sequence number,
/// hands the change to the journal and to every subscribed sink it concerns, all under the lock, so the
/// journal and listeners see changes in exactly commit order (`rtdb.md` Appendix B).
public final class DatabaseStore: Sendable {
    /// The namespace (`?ns=`) this tree belongs to.
    public let namespace: String
    let state: Mutex<State>
    /// Where changes go to become durable; nil for `--in-memory`.
    let journal: (any DatabaseJournal)?
    /// Milliseconds since the epoch: `{".sv": "timestamp"}`, push IDs, and the rules' `now`.
    public let now: @Sendable () -> Int64

    struct State: Sendable {
        var root = DatabaseNode.empty
        var sequence: UInt64 = 0
        var pushIDs: PushIDGenerator
        /// Sinks by the location they watch: a change is offered only to those it concerns.
        var sinks = DatabasePathIndex<DatabaseChangeSink>()
        var nextSinkID: UInt64 = 0
        /// Changes applied in memory and handed to the journal, oldest first, not yet durable,
        /// with the before-images that undo them.
        var pending = PendingChanges<DatabaseJournalReceipt, [(path: DatabasePath, before: DatabaseNode)]>()
    }

    /// - Parameters:
    ///   - journal: nil keeps the tree in memory only.
    ///   - now: the wall clock in milliseconds since the epoch, injectable for tests.
    ///   - pushIDs: the push-ID generator (injectable to pin its random part in tests).
    public init(
        namespace: String, journal: (any DatabaseJournal)? = nil,
        now: @escaping @Sendable () -> Int64 = { WallClock.milliseconds() },
        pushIDs: PushIDGenerator = PushIDGenerator()
    ) {
        self.namespace = namespace
        self.journal = journal
        self.now = now
        self.state = Mutex(State(pushIDs: pushIDs))
    }

    /// The value at `path` (the empty node when there is none). O(depth × log n).
    public func get(_ path: DatabasePath) -> DatabaseNode {
        self.state.withLock { $0.root.child(at: path) }
    }

    /// The value at `path` with `query` applied (outside the lock). O(n log n) in its children.
    public func get(_ path: DatabasePath, query: DatabaseQuery) -> DatabaseNode {
        query.select(from: self.get(path))
    }

    /// The whole tree, e.g. for an export (`GET /.json?format=export`). O(1).
    public func snapshot() -> DatabaseNode {
        self.state.withLock { $0.root }
    }

    /// The sequence number of the last committed change (0 before any).
    public var sequence: UInt64 {
        self.state.withLock { $0.sequence }
    }

    /// Loads a recovered or imported tree at start-up, replacing everything: no change is
    /// published or journaled.
    public func restore(_ root: DatabaseNode) {
        self.state.withLock { $0.root = root }
    }

    /// Deletes everything (the emulator's `PUT /.json` with `null`): a set of `null` at the root.
    @discardableResult
    public func removeAll() throws(DatabaseError) -> DatabaseWriteResult {
        try self.delete(.root)
    }

    /// Registers `sink` for every later change and returns, atomically with it, the tree as it
    /// is now, so a listener's initial `put` and its later events neither miss nor repeat a change.
    public func subscribe(_ sink: @escaping DatabaseChangeSink) -> (subscription: DatabaseSubscription, root: DatabaseNode) {
        self.subscribe(at: .root, sink)
    }

    /// As ``subscribe(_:)``, for the changes that concern `path` only: those written at, above
    /// or below it (``DatabasePathIndex``). A write elsewhere costs this sink nothing.
    public func subscribe(at path: DatabasePath, _ sink: @escaping DatabaseChangeSink) -> (subscription: DatabaseSubscription, root: DatabaseNode) {
        self.state.withLock { state in
            state.nextSinkID += 1
            state.sinks.insert(sink, id: state.nextSinkID, at: path)
            return (DatabaseSubscription(id: state.nextSinkID), state.root)
        }
    }

    /// Sinks subscribed now (open streams of the namespace, and subscriptions whose response
    /// has not started or ended yet). O(1).
    public var subscriptionCount: Int {
        self.state.withLock { $0.sinks.count }
    }

    /// Stops deliveries to a sink; after this returns it is not called again.
    public func unsubscribe(_ subscription: DatabaseSubscription) {
        self.state.withLock { state in state.sinks.remove(id: subscription.id) }
    }
}
