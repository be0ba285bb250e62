import Synchronization

extension DocumentStore {
    /// A point read under any consistency. Returns the document (nil if missing), the read
    /// time, and the ID of a transaction begun by `.newTransaction`.
    public func document(
        at path: DocumentPath, _ consistency: ReadConsistency
    ) throws(FirestoreError) -> (document: Document?, readTime: Timestamp, transaction: TransactionID?) {
        switch consistency {
        case .latest:
            let (document, readTime) = self.state.withLock { ($0.tree.document(at: path), $0.clock.readTime()) }
            return (document, readTime, nil)
        case .readTime(let time):
            return (try self.document(at: path, readTime: time), time, nil)
        case .transaction(let id):
            let (document, readTime) = try self.document(at: path, transaction: id)
            return (document, readTime, nil)
        case .newTransaction(let mode):
            let id = try self.beginTransaction(mode)
            let (document, readTime) = try self.document(at: path, transaction: id)
            return (document, readTime, id)
        }
    }

    /// A structured query under any consistency; see `document(at:_:)`.
    public func runQuery(_ query: Query, _ consistency: ReadConsistency) throws(FirestoreError) -> (result: QueryResult, transaction: TransactionID?) {
        switch consistency {
        case .latest: return (self.runQuery(query), nil)
        case .readTime(let time): return (try self.runQuery(query, readTime: time), nil)
        case .transaction(let id): return (try self.runQuery(query, transaction: id), nil)
        case .newTransaction(let mode):
            let id = try self.beginTransaction(mode)
            return (try self.runQuery(query, transaction: id), id)
        }
    }

    /// ListCollectionIds: the IDs of the collections directly under `parent` (nil: the
    /// database root) that hold at least one document at any depth, sorted. O(collections).
    public func collectionIDs(under parent: DocumentPath?) -> [String] {
        self.state.withLock { state in
            Self.sortedIDs(state.tree.collections.keys.filter { $0.parent == parent }.map(\.id))
        }
    }

    /// ListCollectionIds as the database was at `readTime`: the collections under `parent`
    /// that held a document at any depth then. When nothing changed since, the current
    /// answer; otherwise O(n) over the database's documents (a slow path for historical reads).
    ///
    /// - Throws: as `document(at:readTime:)` does for a `readTime` out of range.
    public func collectionIDs(under parent: DocumentPath?, readTime: Timestamp) throws(FirestoreError) -> [String] {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> [String] in
            try Self.check(readTime, state)
            let rolledBack = state.log.statesAt(readTime)
            if rolledBack.isEmpty { return Self.sortedIDs(state.tree.collections.keys.filter { $0.parent == parent }.map(\.id)) }
            let prefix = parent?.segments ?? []
            var ids = Set<String>()
            func note(_ path: DocumentPath) {
                if path.segments.count > prefix.count, path.segments.starts(with: prefix) { ids.insert(path.segments[prefix.count]) }
            }
            for path in state.tree.documents.keys where rolledBack[path] == nil { note(path) }
            for case (let path, _?) in rolledBack { note(path) }
            return Self.sortedIDs(Array(ids))
        }
    }

    /// Collection IDs in Firestore's order: by UTF-8 bytes.
    private static func sortedIDs(_ ids: [String]) -> [String] {
        Set(ids).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
