import HearthCore
import Synchronization

/// The documents of one Firestore database, in memory, safe to use from any task.
///
/// Why a lock and not an actor: every operation is a short, synchronous critical section
/// (a hash lookup, a sorted insert), and requests arrive on many event-loop threads at once; a
/// `Mutex` costs a few nanoseconds uncontended where an actor hop costs a task switch. Nothing
/// awaits while holding the lock. Reads copy the document out (copy-on-write, so O(1)).
///
/// Writes are atomic: `commit` stages every write against a private overlay, validates them
/// all, and only then applies them, so a failing write leaves nothing half-applied.
public final class DocumentStore: Sendable {
    public let database: DatabaseID
    let state: Mutex<State>
    /// Where commits go to become durable; nil for `--in-memory`.
    let journal: (any CommitJournal)?

    struct State: Sendable {
        var tree = DocumentTree()
        var clock: CommitClock
        var log = CommitLog()
        var transactions = TransactionTable()
        /// Commits applied in memory and handed to the journal, not yet durable, oldest first
        /// (bounded), with their before-images to undo them.
        var pending = PendingChanges<JournalReceipt, CommittedChanges>()
        /// Real-time listeners, updated by every write path (see `DocumentStore+Listen`).
        var listeners = ListenerRegistry()
    }

    /// - Parameter now: the wall clock, injectable for tests; commit times derived from it are
    ///   truncated to microseconds and strictly increasing.
    public init(database: DatabaseID, journal: (any CommitJournal)? = nil, now: @escaping @Sendable () -> Timestamp = { Timestamp.now() }) {
        self.database = database
        self.journal = journal
        self.state = Mutex(State(clock: CommitClock(now: now)))
    }

    /// The full resource name of a document in this database, as error messages quote it.
    public func name(of path: DocumentPath) -> String {
        DocumentName(database: self.database, path: path).description
    }

    /// GetDocument: the document under `consistency`, or NOT_FOUND naming it.
    public func get(_ path: DocumentPath, _ consistency: ReadConsistency = .latest) throws(FirestoreError) -> Document {
        guard let document = try self.document(at: path, consistency).document else { throw self.notFound(path) }
        return document
    }

    /// NOT_FOUND for a missing document, in production's words.
    public func notFound(_ path: DocumentPath) -> FirestoreError {
        .notFound("Document \"\(self.name(of: path))\" not found.")
    }

    /// The stored document, or nil.
    public func document(at path: DocumentPath) -> Document? {
        self.state.withLock { $0.tree.document(at: path) }
    }

    /// Number of stored documents in this database. O(1).
    public var count: Int {
        self.state.withLock { $0.tree.documents.count }
    }

    /// Loads recovered documents into this (empty) store at start-up: no commits, no history.
    /// The commit clock moves past the newest recovered update time.
    public func restore(_ documents: [Document]) {
        self.state.withLock { state in
            state.tree.bulkLoad(documents)
            if let newest = documents.lazy.map(\.updateTime).max() { state.clock.advance(past: newest) }
        }
    }

    /// Deletes every document (the emulator's `DELETE /emulator/v1/…/documents`).
    /// - Returns: the journal receipt to await before acknowledging.
    @discardableResult
    public func removeAll() throws(FirestoreError) -> JournalReceipt? {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> JournalReceipt? in
            let time = state.clock.next()
            // Before-images only matter to undo a clear that could not be saved.
            let before = self.journal == nil ? [] : state.tree.documents.values.map { DocumentChange(path: $0.path, before: $0, after: nil) }
            let changes = CommittedChanges(commitTime: time, changes: before)
            state.tree.removeAll()
            state.log.removeAll(at: time)
            let receipt = self.journal(.clear(self.database), changes: changes, in: &state)
            self.publishClear(at: time, receipt: receipt, in: &state)
            return receipt
        }
    }

    /// Deletes every document at or below `prefix` (a document or collection path's segments),
    /// the emulator's "clear data partially". Returns how many were deleted. O(n) scan.
    /// - Returns: how many documents were deleted, and the journal receipt to await.
    @discardableResult
    public func removeAll(under prefix: [String]) throws(FirestoreError) -> (count: Int, receipt: JournalReceipt?) {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> (count: Int, receipt: JournalReceipt?) in
            let paths = state.tree.paths(under: prefix)
            let committed = CommittedChanges(
                commitTime: state.clock.next(),
                changes: paths.map { DocumentChange(path: $0, before: state.tree.document(at: $0), after: nil) })
            for path in paths { state.tree.remove(path) }
            state.log.append(committed)
            let receipt = paths.isEmpty ? nil : self.journal(.commit(self.database, committed), changes: committed, in: &state)
            self.publish(committed, receipt: receipt, in: &state)
            return (paths.count, receipt)
        }
    }
}
