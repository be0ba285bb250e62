import Synchronization

/// Every Firestore database this process serves, created on first use.
///
/// As in the emulator suite, projects and databases need no setup: the first request naming
/// `projects/p/databases/d` creates an empty, isolated store for that pair. Lookup is one
/// lock-protected hash lookup per request.
public final class FirestoreDatabases: Sendable {
    private let stores = Mutex<[DatabaseID: DocumentStore]>([:])
    private let now: @Sendable () -> Timestamp
    private let journal: (any CommitJournal)?

    /// - Parameter journal: where every database's commits go to become durable; nil keeps
    ///   everything in memory.
    public init(journal: (any CommitJournal)? = nil, now: @escaping @Sendable () -> Timestamp = { Timestamp.now() }) {
        self.journal = journal
        self.now = now
    }

    /// The store for `id`, created empty if this is its first use.
    public func store(for id: DatabaseID) -> DocumentStore {
        self.stores.withLock { stores in
            if let store = stores[id] { return store }
            let store = DocumentStore(database: id, journal: self.journal, now: self.now)
            stores[id] = store
            return store
        }
    }

    /// The databases that have been used so far.
    public var databaseIDs: [DatabaseID] {
        self.stores.withLock { Array($0.keys) }
    }
}
