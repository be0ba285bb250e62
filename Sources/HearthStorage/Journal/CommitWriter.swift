import Logging

/// The only code that writes to the database: it runs on the ``WriterThread``, takes every batch
/// queued in the ``CommitQueue``, and commits them together in one `BEGIN IMMEDIATE … COMMIT`.
///
/// Group commit: with `synchronous = FULL` each `COMMIT` costs one fsync of the WAL, so 64 writers
/// waiting at once share one fsync instead of paying 64.
///
/// Failure isolation: if a group's transaction fails, it is rolled back and, when it held more
/// than one batch, each batch is retried alone in its own transaction, in order. So a batch fails
/// only because of its own operations or the state of the disk, never because another caller's
/// batch shared its transaction; and a failure never touches data committed before.
///
/// With `FailurePolicy.stopAtFirstFailure` the first failure instead fails its whole group and
/// every later batch, without retrying, until the store is reopened.
///
/// `@unchecked Sendable`, and why that is safe: the connection, statements and `stoppedBy` are
/// non-`Sendable` or mutable, and are touched only (1) by `DurableStore.init`, which creates this object before the writer
/// thread starts (`pthread_create` orders those writes before the thread's first read), and then
/// (2) by ``run()`` on the writer thread, until it returns. `DurableStore.close()` joins the thread
/// before dropping its reference, so no two threads ever use them at once. The other stored
/// properties are immutable and `Sendable`.
final class CommitWriter: @unchecked Sendable {
    private let connection: SQLiteConnection
    private let queue: CommitQueue
    private let logger: Logger
    private let put: SQLiteStatement
    private let delete: SQLiteStatement
    private let deleteNamespace: SQLiteStatement
    private let deleteRange: SQLiteStatement
    private let failurePolicy: FailurePolicy
    /// The failure that stopped writing (`.stopAtFirstFailure` only); touched on the writer thread only.
    private var stoppedBy: StorageError?

    init(connection: SQLiteConnection, queue: CommitQueue, failurePolicy: FailurePolicy, logger: Logger) throws(SQLiteError) {
        self.connection = connection
        self.queue = queue
        self.failurePolicy = failurePolicy
        self.logger = logger
        self.put = try connection.prepare(
            "INSERT INTO records(namespace, key, value) VALUES (?1, ?2, ?3) "
                + "ON CONFLICT(namespace, key) DO UPDATE SET value = excluded.value")
        self.delete = try connection.prepare("DELETE FROM records WHERE namespace = ?1 AND key = ?2")
        self.deleteNamespace = try connection.prepare("DELETE FROM records WHERE namespace = ?1")
        self.deleteRange = try connection.prepare(
            "DELETE FROM records WHERE namespace = ?1 AND key >= ?2 AND key < ?3")
    }

    /// The writer thread's loop: commit until the queue is closing and empty, then checkpoint the
    /// WAL into the main file and close the connection.
    func run() {
        while case .commit(let group) = self.queue.takeWork() {
            var statistics = StorageStatistics()
            let outcomes = self.commit(group, statistics: &statistics)
            self.queue.settle(outcomes, transactions: statistics)
        }
        do {
            try self.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            self.logger.warning(
                "Could not checkpoint the write-ahead log on close; it will be replayed on next open",
                metadata: ["error": "\(error)"])
        }
        self.connection.close()
    }

    /// Commits `group` in one transaction, falling back to one transaction per batch on failure.
    private func commit(
        _ group: [CommitQueue.PendingBatch], statistics: inout StorageStatistics
    ) -> [(sequence: UInt64, error: StorageError?)] {
        if let stoppedBy = self.stoppedBy {
            statistics.batchesFailed += group.count
            let refusal = StorageError(
                stoppedBy.kind,
                "Not written: an earlier write failed and this store stopped writing so that nothing built on it reaches the disk. Cause: \(stoppedBy.message)")
            return group.map { ($0.sequence, refusal) }
        }
        do throws(StorageError) {
            try self.transaction(group)
            statistics.transactionsCommitted += 1
            statistics.batchesCommitted += group.count
            return group.map { ($0.sequence, nil) }
        } catch {
            statistics.transactionsFailed += 1
            if self.failurePolicy == .stopAtFirstFailure {
                self.stoppedBy = error
                statistics.batchesFailed += group.count
                self.logger.error("Write failed; no further writes will be made until restart", metadata: ["error": "\(error)"])
                return group.map { ($0.sequence, error) }
            }
            guard group.count > 1 else {
                statistics.batchesFailed += 1
                self.logger.error("Write failed", metadata: ["error": "\(error)"])
                return [(group[0].sequence, error)]
            }
            self.logger.warning(
                "A grouped transaction failed; retrying its batches one by one",
                metadata: ["batches": "\(group.count)", "error": "\(error)"])
        }
        var outcomes: [(sequence: UInt64, error: StorageError?)] = []
        outcomes.reserveCapacity(group.count)
        for pending in group {
            do throws(StorageError) {
                try self.transaction([pending])
                statistics.transactionsCommitted += 1
                statistics.batchesCommitted += 1
                outcomes.append((pending.sequence, nil))
            } catch {
                statistics.transactionsFailed += 1
                statistics.batchesFailed += 1
                self.logger.error("Write failed", metadata: ["error": "\(error)"])
                outcomes.append((pending.sequence, error))
            }
        }
        return outcomes
    }

    /// One durable transaction: all of `group` or nothing. Rolls back on any error.
    private func transaction(_ group: [CommitQueue.PendingBatch]) throws(StorageError) {
        var action = "starting a transaction"
        do throws(SQLiteError) {
            try self.connection.execute("BEGIN IMMEDIATE")
            action = "writing \(group.count == 1 ? "a batch" : "\(group.count) batches")"
            for pending in group {
                for operation in pending.batch.operations {
                    try self.apply(operation)
                }
            }
            action = "committing \(group.count == 1 ? "a batch" : "\(group.count) batches") (fsync)"
            try self.connection.execute("COMMIT")
        } catch {
            if self.connection.isInTransaction {
                do throws(SQLiteError) {
                    try self.connection.execute("ROLLBACK")
                } catch {
                    self.logger.error("ROLLBACK failed", metadata: ["error": "\(error)"])
                }
            }
            throw StorageError(error, while: action)
        }
    }

    private func apply(_ operation: StorageOperation) throws(SQLiteError) {
        switch operation {
        case .put(let namespace, let key, let value):
            defer { self.put.reset() }
            try self.put.bind(text: namespace, at: 1)
            try self.put.bind(text: key, at: 2)
            try self.put.bind(blob: value, at: 3)
            try self.put.run()
        case .delete(let namespace, let key):
            defer { self.delete.reset() }
            try self.delete.bind(text: namespace, at: 1)
            try self.delete.bind(text: key, at: 2)
            try self.delete.run()
        case .deleteNamespace(let namespace):
            defer { self.deleteNamespace.reset() }
            try self.deleteNamespace.bind(text: namespace, at: 1)
            try self.deleteNamespace.run()
        case .deletePrefix(let namespace, let keyPrefix):
            guard let upperBound = KeyRange.upperBound(ofPrefix: keyPrefix) else {
                try self.apply(.deleteNamespace(namespace))
                return
            }
            defer { self.deleteRange.reset() }
            try self.deleteRange.bind(text: namespace, at: 1)
            try self.deleteRange.bind(text: keyPrefix, at: 2)
            try self.deleteRange.bind(textBytes: upperBound, at: 3)
            try self.deleteRange.run()
        }
    }
}
