import Synchronization

/// Every Realtime Database namespace this process serves, created on first use.
///
/// As in the emulator (`rtdb.md` §1.1, §9), namespaces need no setup: the first request naming
/// `?ns=x` creates an empty, isolated tree. Lookup is one lock-protected hash lookup.
public final class DatabaseNamespaces: Sendable {
    private let stores = Mutex<[String: DatabaseStore]>([:])
    private let journal: (any DatabaseJournal)?
    private let now: @Sendable () -> Int64

    /// - Parameter journal: where every namespace's changes go to become durable; nil keeps
    ///   everything in memory.
    public init(journal: (any DatabaseJournal)? = nil, now: @escaping @Sendable () -> Int64 = { WallClock.milliseconds() }) {
        self.journal = journal
        self.now = now
    }

    /// The store for `namespace`, created empty if this is its first use.
    public func store(for namespace: String) -> DatabaseStore {
        self.stores.withLock { stores in
            if let store = stores[namespace] { return store }
            let store = DatabaseStore(namespace: namespace, journal: self.journal, now: self.now)
            stores[namespace] = store
            return store
        }
    }

    /// The namespaces used so far, sorted (for `/.inspect/databases.json`).
    public var names: [String] {
        self.stores.withLock { $0.keys.sorted() }
    }
}
