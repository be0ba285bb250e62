import HearthDatabase

/// Each write comes twice: `apply` writes (reviewed by the rules under the store's lock, so
/// the decision and the write see the same tree) and returns at once, with the change visible
/// and published but perhaps not yet durable; the async method also waits until it is
/// durable, which is when a client may be told. REST and `hearth rules test` use the async
/// ones; the WebSocket protocol uses `apply`, so a connection's writes are applied in the order
/// they arrive while their acknowledgements wait for durability in that order (pipelining).
extension DatabaseService {
    /// Replaces the value (`rtdb.md` §1.2); with `ifMatch`, only if the current value has that
    /// ETag, else nothing is written and the current value comes back (REST's 412).
    /// - Throws: 401 `Permission denied`, 400 for data too deep, 503 if it cannot be saved.
    func set(_ set: DatabaseSet, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseConditionalResult {
        let outcome = try self.apply(set, as: caller)
        if case .written(let result) = outcome { try await self.namespaces.store(for: set.namespace).waitUntilDurable(result.receipt) }
        return outcome
    }

    /// Removes the value; with `ifMatch`, only if the current value has that ETag.
    func delete(_ delete: DatabaseDelete, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseConditionalResult {
        let outcome = try self.apply(delete, as: caller)
        if case .written(let result) = outcome {
            try await self.namespaces.store(for: delete.namespace).waitUntilDurable(result.receipt)
        }
        return outcome
    }

    /// Adds the value under a new push ID below the location.
    func push(_ push: DatabasePush, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabasePushResult {
        let pushed = try self.apply(push, as: caller)
        try await self.namespaces.store(for: push.namespace).waitUntilDurable(pushed.result.receipt)
        return pushed
    }

    /// Writes each entry of the update; the rules judge each entry's location.
    func merge(_ merge: DatabaseMerge, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseWriteResult {
        let result = try self.apply(merge, as: caller)
        try await self.namespaces.store(for: merge.namespace).waitUntilDurable(result.receipt)
        return result
    }

    /// `set` without waiting for durability.
    func apply(_ set: DatabaseSet, as caller: DatabaseCaller) throws(DatabaseError) -> DatabaseConditionalResult {
        let call = self.call(set.namespace, set.path, as: caller)
        guard let etag = set.ifMatch else { return .written(try call.store.set(set.path, set.value, review: call.reviewer)) }
        return try call.store.set(set.path, set.value, ifMatch: etag, review: call.reviewer)
    }

    /// `delete` without waiting for durability.
    func apply(_ delete: DatabaseDelete, as caller: DatabaseCaller) throws(DatabaseError) -> DatabaseConditionalResult {
        let call = self.call(delete.namespace, delete.path, as: caller)
        guard let etag = delete.ifMatch else { return .written(try call.store.delete(delete.path, review: call.reviewer)) }
        return try call.store.delete(delete.path, ifMatch: etag, review: call.reviewer)
    }

    /// `push` without waiting for durability.
    func apply(_ push: DatabasePush, as caller: DatabaseCaller) throws(DatabaseError) -> DatabasePushResult {
        let call = self.call(push.namespace, push.path, as: caller)
        let (name, result) = try call.store.push(push.path, push.value, review: call.reviewer)
        return DatabasePushResult(name: name, result: result)
    }

    /// `merge` without waiting for durability.
    func apply(_ merge: DatabaseMerge, as caller: DatabaseCaller) throws(DatabaseError) -> DatabaseWriteResult {
        let call = self.call(merge.namespace, merge.path, as: caller)
        return try call.store.update(merge.path, merge.update, review: call.reviewer)
    }
}
