extension DurableStore {
    /// Queues an atomic batch for the writer thread and returns at once with its ticket.
    ///
    /// Never blocks on I/O (one short mutex hold). Batches are applied in the order `enqueue` was
    /// called. The batch is applied whether or not anyone waits on the ticket. After ``close()``,
    /// the ticket fails with `.closed`.
    ///
    /// - Parameter after: the ticket of the batch this one was computed from (the caller's
    ///   previous write, whose result this one builds on), or nil if it depends on nothing pending.
    ///   If that batch fails, this one fails too, untried, with the same kind of error: nothing
    ///   built on a write that did not survive reaches the disk. Must be a ticket of this store
    ///   issued earlier (else the batch fails with `.misuse`).
    public func enqueue(_ batch: StorageBatch, after: StorageTicket? = nil) -> StorageTicket {
        self.queue.enqueue(batch, after: after)
    }

    /// Suspends until the ticket's batch is settled: returns when it is durable (its `COMMIT`
    /// returned, so it survives a crash), throws its ``StorageError`` if its transaction failed.
    ///
    /// When it returns, every earlier batch is settled too. Returns immediately if the outcome is
    /// already known; may be called any number of times per ticket. Cancelling the task does not
    /// cancel the write, so this waits regardless.
    public func waitUntilDurable(_ ticket: StorageTicket) async throws(StorageError) {
        try await self.queue.wait(for: ticket).get()
    }

    /// Enqueues `batch` and waits until it is durable: `waitUntilDurable(enqueue(batch))`.
    public func write(_ batch: StorageBatch) async throws(StorageError) {
        try await self.waitUntilDurable(self.enqueue(batch))
    }

    /// Counters since the store was opened; `batchesCommitted / transactionsCommitted` shows how
    /// well concurrent writes are being grouped.
    public var statistics: StorageStatistics {
        self.queue.statistics
    }
}
