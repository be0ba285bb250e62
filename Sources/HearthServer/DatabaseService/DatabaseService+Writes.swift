import HearthDatabase

/// The writes. Each is reviewed by the rules under the store's lock (so the decision and the
/// write see the same tree), applied and published at once, then waited on until durable, which
/// is when a client may be told. A store without a journal (`hearth rules test`'s, in memory)
/// is durable at once, so the wait costs nothing there.
extension DatabaseService {
    /// Replaces the value (`rtdb.md` §1.2); with `ifMatch`, only if the current value has that
    /// ETag, else nothing is written and the current value comes back (REST's 412).
    /// - Throws: 401 `Permission denied`, 400 for data too deep, 503 if it cannot be saved.
    func set(_ set: DatabaseSet, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseConditionalResult {
        let call = self.call(set.namespace, set.path, as: caller)
        let outcome: DatabaseConditionalResult
        if let etag = set.ifMatch {
            outcome = try call.store.set(set.path, set.value, ifMatch: etag, review: call.reviewer)
        } else {
            outcome = .written(try call.store.set(set.path, set.value, review: call.reviewer))
        }
        if case .written(let result) = outcome { try await call.store.waitUntilDurable(result.receipt) }
        return outcome
    }

    /// Removes the value; with `ifMatch`, only if the current value has that ETag.
    func delete(_ delete: DatabaseDelete, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseConditionalResult {
        let call = self.call(delete.namespace, delete.path, as: caller)
        let outcome: DatabaseConditionalResult
        if let etag = delete.ifMatch {
            outcome = try call.store.delete(delete.path, ifMatch: etag, review: call.reviewer)
        } else {
            outcome = .written(try call.store.delete(delete.path, review: call.reviewer))
        }
        if case .written(let result) = outcome { try await call.store.waitUntilDurable(result.receipt) }
        return outcome
    }

    /// Adds the value under a new push ID below the location.
    func push(_ push: DatabasePush, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabasePushResult {
        let call = self.call(push.namespace, push.path, as: caller)
        let (name, result) = try call.store.push(push.path, push.value, review: call.reviewer)
        try await call.store.waitUntilDurable(result.receipt)
        return DatabasePushResult(name: name, result: result)
    }

    /// Writes each entry of the update; the rules judge each entry's location.
    func merge(_ merge: DatabaseMerge, as caller: DatabaseCaller) async throws(DatabaseError) -> DatabaseWriteResult {
        let call = self.call(merge.namespace, merge.path, as: caller)
        let result = try call.store.update(merge.path, merge.update, review: call.reviewer)
        try await call.store.waitUntilDurable(result.receipt)
        return result
    }
}
