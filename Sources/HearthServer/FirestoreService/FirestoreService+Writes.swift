import HearthFirestore

/// The write methods: Commit, BatchWrite, BeginTransaction, Rollback.
extension FirestoreService {
    /// Commit: every write atomically, in order, optionally ending a transaction; answers
    /// once the commit is durable (at once for a store without a journal, such as
    /// `hearth rules test`'s in-memory ones).
    func commit(_ request: CommitRequest, caller: Caller) async throws(FirestoreError) -> CommitResponse {
        let call = self.call(request.database, caller)
        let result: CommitResult
        if let transaction = request.transaction {
            result = try call.store.commit(request.writes, transaction: transaction, review: call.reviewer(inTransaction: true))
        } else {
            result = try call.store.commit(request.writes, review: call.reviewer())
        }
        try await call.store.waitUntilDurable(result.receipt)
        return CommitResponse(writeResults: result.writeResults, commitTime: result.commitTime)
    }

    /// BatchWrite: each write applied on its own (not atomic); one status per write.
    /// Production allows at most one write per document in a batch.
    func batchWrite(_ request: BatchWriteRequest, caller: Caller) async throws(FirestoreError) -> BatchWriteResponse {
        let call = self.call(request.database, caller)
        var seen: Set<DocumentPath> = []
        for write in request.writes where !seen.insert(write.path).inserted {
            throw FirestoreError.invalidArgument("BatchWrite may write each document once; \(call.store.name(of: write.path)) appears twice.")
        }
        var response = BatchWriteResponse(writeResults: [], statuses: [])
        var receipts: [JournalReceipt] = []
        let reviewer = call.reviewer()
        for write in request.writes {
            do throws(FirestoreError) {
                let result = try call.store.commit([write], review: reviewer)
                response.writeResults.append(result.writeResults.first ?? WriteResult(updateTime: nil))
                response.statuses.append(nil)
                if let receipt = result.receipt { receipts.append(receipt) }
            } catch {
                response.writeResults.append(WriteResult(updateTime: nil))
                response.statuses.append(error)
            }
        }
        // Each one: a write that failed may have been undone before the next was made, which
        // then built on what was saved and can succeed on its own. Settled in order, so all but
        // the first wait return at once.
        for receipt in receipts {
            try await call.store.waitUntilDurable(receipt)
        }
        return response
    }

    /// BeginTransaction: the new transaction's ID.
    func beginTransaction(_ request: BeginTransactionRequest, caller: Caller) throws(FirestoreError) -> TransactionID {
        try self.call(request.database, caller).store.beginTransaction(request.mode)
    }

    /// Rollback: an unknown or expired transaction is INVALID_ARGUMENT.
    func rollback(_ request: RollbackRequest, caller: Caller) throws(FirestoreError) {
        try self.call(request.database, caller).store.rollback(request.transaction)
    }
}
