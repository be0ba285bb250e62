/// The open transactions of one database, with production's lifetimes.
///
/// Firestore expires a transaction 270 s after it began, or after 60 s without use; using an
/// expired or unknown one is INVALID_ARGUMENT ("The referenced transaction has expired or is no
/// longer valid."). Expired entries are swept whenever a transaction begins, so the table stays
/// as small as the number of live transactions.
struct TransactionTable: Sendable {
    static let lifetimeMicros: Int64 = 270_000_000
    static let idleMicros: Int64 = 60_000_000
    private var open: [TransactionID: TransactionState] = [:]
    /// Transactions that ended recently (committed, failed or rolled back), oldest first, so a
    /// client's rollback after a failed commit succeeds instead of hiding the commit's error
    /// (the Python client rolls back after every failed commit).
    private var ended: [TransactionID] = []
    private var endedSet: Set<TransactionID> = []
    static let rememberedEnds = 1024

    var count: Int { self.open.count }

    mutating func begin(_ state: TransactionState) -> TransactionID {
        self.sweep(now: state.began)
        let id = TransactionID.random()
        self.open[id] = state
        return id
    }

    /// The live transaction `id`, its idle timer reset. Throws INVALID_ARGUMENT if unknown or expired.
    mutating func use(_ id: TransactionID, now: Timestamp) throws(FirestoreError) -> TransactionState {
        guard var state = self.open[id], !Self.isExpired(state, now: now) else {
            self.open[id] = nil
            throw .invalidArgument("The referenced transaction has expired or is no longer valid. Begin a new transaction and retry.")
        }
        state.lastUsed = now
        self.open[id] = state
        return state
    }

    mutating func update(_ id: TransactionID, _ body: (inout TransactionState) -> Void) {
        if var state = self.open[id] {
            body(&state)
            self.open[id] = state
        }
    }

    @discardableResult
    mutating func end(_ id: TransactionID) -> TransactionState? {
        if self.endedSet.insert(id).inserted {
            self.ended.append(id)
            if self.ended.count > Self.rememberedEnds { self.endedSet.remove(self.ended.removeFirst()) }
        }
        return self.open.removeValue(forKey: id)
    }

    /// Whether `id` ended recently (rolling it back again is a harmless no-op).
    func hasEnded(_ id: TransactionID) -> Bool {
        self.endedSet.contains(id)
    }

    private mutating func sweep(now: Timestamp) {
        self.open = self.open.filter { !Self.isExpired($0.value, now: now) }
    }

    private static func isExpired(_ state: TransactionState, now: Timestamp) -> Bool {
        now.microsecondsSinceEpoch - state.began.microsecondsSinceEpoch > Self.lifetimeMicros
            || now.microsecondsSinceEpoch - state.lastUsed.microsecondsSinceEpoch > Self.idleMicros
    }
}
