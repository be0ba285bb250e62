import Logging

/// The only code that writes to the database: it runs on the ``WriterThread``, takes every batch
/// queued in the ``CommitQueue``, and commits them together in one `BEGIN IMMEDIATE … COMMIT`.
///
/// Group commit: with `synchronous = FULL` each `COMMIT` costs one fsync of the WAL, so 64 writers
/// waiting at once share one fsync instead of paying 64.
///
/// Failure isolation: if a group's transaction fails, it is rolled back and, when it held more
/// than one batch, each batch is retried alone in its own transaction, in order. So a batch fails
/// only because of its own operations, the state of the disk, or the batch it was computed from
/// (its `after` ticket) having failed, never because another caller's batch shared its
/// transaction; and a failure never touches data committed before.
///
/// Dependencies: a batch enqueued `after` a ticket that failed is refused without being tried
/// (and so are batches after it, transitively), so nothing computed from a write that did not
/// survive reaches the disk. Every other batch is tried, so once the disk has room again (or the
/// cause is fixed) writes succeed again by themselves; the log says so.
///
/// Commit count: every transaction also sets `meta.commits` to its number, and after its
/// `COMMIT` returns the ``CommitRecord`` beside the database is updated, so start-up can tell
/// whether acknowledged transactions went missing. Cost: one row update in the same transaction,
/// so one more 4 KiB page in the WAL, written by the same fsync (300 single-document commits wrote
/// 684 WAL frames instead of 384; commit latency unchanged within noise), and one `pwrite` after it.
///
/// `@unchecked Sendable`, and why that is safe: the connection, statements, record and counters are
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
    private let countCommit: SQLiteStatement
    private let record: CommitRecord
    /// Transactions committed in this store's life (the value of `meta.commits`); writer thread only.
    private var commits: UInt64
    /// Transactions that failed on their own since the last one that succeeded; writer thread only.
    private var failedInARow = 0

    /// The start of every refusal of a batch whose `after` failed (so a chain of them names the
    /// first cause once, not nested).
    private static let refusalPrefix = "Not written: this write was computed from an earlier one that could not be saved"

    init(connection: SQLiteConnection, queue: CommitQueue, record: CommitRecord, commits: UInt64, logger: Logger) throws(SQLiteError) {
        self.connection = connection
        self.queue = queue
        self.record = record
        self.commits = commits
        self.logger = logger
        self.put = try connection.prepare(
            "INSERT INTO records(namespace, key, value) VALUES (?1, ?2, ?3) "
                + "ON CONFLICT(namespace, key) DO UPDATE SET value = excluded.value")
        self.delete = try connection.prepare("DELETE FROM records WHERE namespace = ?1 AND key = ?2")
        self.deleteNamespace = try connection.prepare("DELETE FROM records WHERE namespace = ?1")
        self.deleteRange = try connection.prepare(
            "DELETE FROM records WHERE namespace = ?1 AND key >= ?2 AND key < ?3")
        self.countCommit = try connection.prepare("UPDATE meta SET value = ?1 WHERE key = 'commits'")
    }

    /// The writer thread's loop: commit until the queue is closing and empty, then checkpoint the
    /// WAL into the main file, flush the commit record and close the connection.
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
        self.record.sync()
        self.record.release()
    }

    /// Commits `group` in one transaction, falling back to one transaction per batch on failure;
    /// batches whose `after` failed are refused untried.
    private func commit(
        _ group: [CommitQueue.PendingBatch], statistics: inout StorageStatistics
    ) -> [(sequence: UInt64, error: StorageError?)] {
        var failed: [UInt64: StorageError] = [:]
        var runnable: [CommitQueue.PendingBatch] = []
        for pending in group {
            if let refusal = self.refusal(of: pending, failed) {
                failed[pending.sequence] = refusal
            } else {
                runnable.append(pending)
            }
        }
        if !runnable.isEmpty {
            do throws(StorageError) {
                try self.transaction(runnable)
                statistics.transactionsCommitted += 1
            } catch {
                statistics.transactionsFailed += 1
                if runnable.count == 1 {
                    failed[runnable[0].sequence] = error
                    self.failedInARow += 1
                    self.logger.error("Write failed", metadata: ["error": "\(error)"])
                } else {
                    self.logger.warning(
                        "A grouped transaction failed; retrying its batches one by one",
                        metadata: ["batches": "\(runnable.count)", "error": "\(error)"])
                    for pending in runnable {
                        if let refusal = self.refusal(of: pending, failed) {
                            failed[pending.sequence] = refusal
                            continue
                        }
                        do throws(StorageError) {
                            try self.transaction([pending])
                            statistics.transactionsCommitted += 1
                        } catch {
                            statistics.transactionsFailed += 1
                            failed[pending.sequence] = error
                            self.failedInARow += 1
                            self.logger.error("Write failed", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
        }
        statistics.batchesFailed += failed.count
        statistics.batchesCommitted += group.count - failed.count
        return group.map { ($0.sequence, failed[$0.sequence]) }
    }

    /// The refusal of `pending` if the batch it was computed from failed (in this group or before).
    private func refusal(of pending: CommitQueue.PendingBatch, _ failedInGroup: [UInt64: StorageError]) -> StorageError? {
        guard let after = pending.after, let cause = failedInGroup[after] ?? self.queue.failure(of: after) else {
            return nil
        }
        if cause.message.hasPrefix(Self.refusalPrefix) {
            return cause
        }
        return StorageError(cause.kind, "\(Self.refusalPrefix), so it was not applied either. Cause: \(cause.message)")
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
            try self.countCommit.bind(text: String(self.commits + 1), at: 1)
            try self.countCommit.run()
            action = "committing \(group.count == 1 ? "a batch" : "\(group.count) batches") (fsync)"
            try self.connection.execute("COMMIT")
            self.commits += 1
            self.record.write(self.commits)
            if self.failedInARow > 0 {
                self.logger.notice(
                    "Writes are being saved again",
                    metadata: ["file": "\(self.connection.path)", "failedBefore": "\(self.failedInARow)"])
                self.failedInARow = 0
            }
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
