import Synchronization

extension DatabaseStore {
    /// PUT: replaces the value at `path` (`null` or `{}` deletes it).
    /// - Throws: the depth error, or UNAVAILABLE after a journal failure.
    /// - Parameter review: called under the lock with the resolved write before it is applied
    ///   (the server's rules check); throwing rejects the write and changes nothing.
    public func set(_ path: DatabasePath, _ data: DatabaseWriteData, review: DatabaseWriteReviewer? = nil) throws(DatabaseError) -> DatabaseWriteResult {
        try self.state.withLock { (state: inout State) throws(DatabaseError) -> DatabaseWriteResult in
            try self.set(path, data, review: review, in: &state)
        }
    }

    /// PUT with `if-match`: writes only if the ETag of the current value at `path` is `etag`
    /// (`null_etag` for "only if absent"). The compare and the write share one critical section,
    /// which hashes the current value: O(its size).
    public func set(
        _ path: DatabasePath, _ data: DatabaseWriteData, ifMatch etag: String, review: DatabaseWriteReviewer? = nil
    ) throws(DatabaseError) -> DatabaseConditionalResult {
        try self.state.withLock { (state: inout State) throws(DatabaseError) -> DatabaseConditionalResult in
            let current = state.root.child(at: path)
            let currentETag = DatabaseETag.of(current)
            guard currentETag == etag else { return .preconditionFailed(current: current, etag: currentETag) }
            return .written(try self.set(path, data, review: review, in: &state))
        }
    }

    /// DELETE: removes the value at `path`.
    @discardableResult
    public func delete(_ path: DatabasePath, review: DatabaseWriteReviewer? = nil) throws(DatabaseError) -> DatabaseWriteResult {
        try self.set(path, DatabaseWriteData(.empty), review: review)
    }

    /// DELETE with `if-match`.
    public func delete(_ path: DatabasePath, ifMatch etag: String, review: DatabaseWriteReviewer? = nil) throws(DatabaseError) -> DatabaseConditionalResult {
        try self.set(path, DatabaseWriteData(.empty), ifMatch: etag, review: review)
    }

    /// POST: adds `data` under a new push ID below `path` (a leaf there becomes an object).
    /// - Returns: the new key (`{"name": …}` in the response) and the write.
    public func push(
        _ path: DatabasePath, _ data: DatabaseWriteData, review: DatabaseWriteReviewer? = nil
    ) throws(DatabaseError) -> (name: String, result: DatabaseWriteResult) {
        try self.state.withLock { (state: inout State) throws(DatabaseError) -> (name: String, result: DatabaseWriteResult) in
            let name = state.pushIDs.next(now: self.now())
            return (name, try self.set(path.appending(DatabasePath(unchecked: [name])), data, review: review, in: &state))
        }
    }

    /// PATCH: writes each entry at `path` + its relative path, leaving other children alone.
    /// An update with no entries changes nothing and publishes nothing.
    public func update(_ path: DatabasePath, _ update: DatabaseUpdate, review: DatabaseWriteReviewer? = nil) throws(DatabaseError) -> DatabaseWriteResult {
        try self.state.withLock { (state: inout State) throws(DatabaseError) -> DatabaseWriteResult in
            for entry in update.entries { try Self.checkDepth(path.count + entry.path.count, entry.data) }
            guard !update.entries.isEmpty else {
                let change = DatabaseChange(sequence: state.sequence, path: path, kind: .update, entries: [])
                return DatabaseWriteResult(change: change, value: state.root.child(at: path), receipt: nil)
            }
            let now = self.now()
            let values = update.entries.map { entry in
                (entry.path, entry.data.resolved(now: now, existing: state.root.child(at: path.appending(entry.path))))
            }
            try review?(DatabaseWriteProposal(path: path, kind: .update, values: values, root: state.root, now: now))
            return self.commit(.update, at: path, values, in: &state)
        }
    }

    private func set(
        _ path: DatabasePath, _ data: DatabaseWriteData, review: DatabaseWriteReviewer?, in state: inout State
    ) throws(DatabaseError) -> DatabaseWriteResult {
        try Self.checkDepth(path.count, data)
        let now = self.now()
        let value = data.resolved(now: now, existing: state.root.child(at: path))
        try review?(DatabaseWriteProposal(path: path, kind: .set, values: [(.root, value)], root: state.root, now: now))
        return self.commit(.set, at: path, [(.root, value)], in: &state)
    }

    /// Applies the values, numbers the change, journals it and tells the sinks. Under the lock.
    private func commit(_ kind: DatabaseChange.Kind, at path: DatabasePath, _ values: [(DatabasePath, DatabaseNode)], in state: inout State) -> DatabaseWriteResult {
        var entries: [DatabaseChange.Entry] = []
        var undo: [(path: DatabasePath, before: DatabaseNode)] = []
        entries.reserveCapacity(values.count)
        for (relative, value) in values {
            let location = path.appending(relative)
            let before = state.root.child(at: location)
            entries.append(DatabaseChange.Entry(path: relative, value: value, before: before))
            if self.journal != nil { undo.append(Self.undoImage(at: location, before: before, in: state.root)) }
            state.root.set(value, at: location)
        }
        state.sequence += 1
        let change = DatabaseChange(sequence: state.sequence, path: path, kind: kind, entries: entries)
        let receipt = self.journal(change, undo: undo, in: &state)
        let root = state.root
        state.sinks.forEachAffected(by: change) { sink in sink(change, root, receipt) }
        return DatabaseWriteResult(change: change, value: state.root.child(at: path), receipt: receipt)
    }

    /// What restores the tree if a write at `location` is undone: normally the value there, but
    /// when a leaf lies above it the write turns that leaf into an object, so the leaf is saved.
    private static func undoImage(at location: DatabasePath, before: DatabaseNode, in root: DatabaseNode) -> (path: DatabasePath, before: DatabaseNode) {
        var node = root
        for (depth, segment) in location.segments.enumerated() {
            if node.leaf != nil { return (DatabasePath(unchecked: Array(location.segments.prefix(depth))), node) }
            node = node.child(segment)
            if node.isEmpty { break }
        }
        return (location, before)
    }

    /// Firebase's 32-level limit, counted from the root to the deepest leaf written.
    private static func checkDepth(_ locationDepth: Int, _ data: DatabaseWriteData) throws(DatabaseError) {
        if locationDepth + data.depth > DatabasePath.maxDepth { throw .dataTooDeep }
    }
}
