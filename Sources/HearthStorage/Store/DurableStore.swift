public import Logging
import Synchronization
import VaporCSQLite

/// Namespaced key/value records kept durably in an embedded SQLite database, with group commit.
///
/// Hearth's stores encode their state to bytes and keep it here; this type knows nothing of what
/// the bytes mean. Writes are batches applied atomically, in enqueue order, by one writer thread
/// that commits every queued batch in one transaction (one fsync), so throughput grows with the
/// number of concurrent writers instead of being capped at one fsync per write.
///
/// Files in the data directory:
/// - `hearth.sqlite` (+ `-wal`, `-shm` while open): the data, schema in ``StoreSchema``.
/// - `hearth.lock`: holds an exclusive `flock` while a store is open, and the holder's PID.
/// - `hearth.sqlite-commits`: the number of transactions acknowledged (``CommitRecord``).
/// - `hearth.sqlite-wal.damaged-<time>`: copies of a damaged WAL, made when start-up refused it.
///
/// Guarantees:
/// - **Durable when acknowledged.** ``waitUntilDurable(_:)`` returns only after the `COMMIT` holding
///   the batch returned with `synchronous = FULL` in WAL mode (the WAL was fsynced), so the batch
///   survives `kill -9` and power loss.
/// - **Atomic.** A batch is applied entirely or not at all, also across a crash.
/// - **Ordered.** Batches are applied in enqueue order; a later batch never lands without every
///   earlier *successful* one.
/// - **Isolated failures.** If a transaction fails (disk full, I/O error, read-only file…), it is
///   rolled back; batches that shared it are retried one by one, so only batches that fail on
///   their own, or that were enqueued `after` a failed one, get the error. A failed batch leaves
///   no trace, and later independent batches still run, so writes succeed again by themselves
///   once the cause is gone (no reopening). Data committed earlier is never touched.
///   One caveat, inherent to fsync: if `COMMIT` itself fails *while syncing*, SQLite cannot know
///   whether the WAL frames reached the disk; the batch is reported failed but may be found,
///   whole, after a restart.
/// - **Damage is refused, not replayed away.** Opening checks the WAL and the main file before
///   SQLite does and refuses a store that lost acknowledged transactions (``StartupCheck``).
///
/// Concurrency: every method may be called from any thread or task. `enqueue` never blocks on I/O;
/// `scan` and `count` open their own read connection (WAL readers do not block the writer).
public final class DurableStore: Sendable {
    /// Name of the database file inside the data directory.
    public static let databaseFileName = "hearth.sqlite"

    /// The data directory.
    public let directory: String
    /// `directory/hearth.sqlite`.
    public let databasePath: String
    let logger: Logger
    let queue: CommitQueue
    private let lifecycle: Mutex<Lifecycle?>

    /// What `close()` must undo; `nil` once closed.
    private struct Lifecycle: ~Copyable {
        let lock: DirectoryLock
        let writerThread: WriterThread
    }

    /// Opens (creating if needed) the store in `directory`.
    ///
    /// Takes the directory lock, checks the files before SQLite opens them (``StartupCheck``: the
    /// WAL frame by frame, the main file's header, and, after a read-only recovery, that every
    /// acknowledged transaction is there), opens `hearth.sqlite` in WAL mode with
    /// `synchronous = FULL`, runs `PRAGMA quick_check` (O(database size): about a second per GiB),
    /// creates or checks the schema, and starts the writer thread. Committed data in the WAL from a
    /// crash is recovered by SQLite on open.
    ///
    /// - Parameter acceptingDataLoss: open a store whose files lost acknowledged transactions
    ///   anyway, with what SQLite can read (the damage is logged and the WAL copied aside first).
    /// - Throws: `.locked` if another store holds the directory (naming its PID), `.corrupt` if the
    ///   files are damaged or acknowledged transactions are missing (they are left untouched), `.incompatible` if it is from a newer Hearth or
    ///   not a Hearth file, `.readOnly`/`.io` if the directory cannot be used.
    public convenience init(directory: String, acceptingDataLoss: Bool = false, logger: Logger) throws(StorageError) {
        try self.init(directory: directory, logger: logger, maximumPageCount: nil, acceptingDataLoss: acceptingDataLoss)
    }

    /// Opens the store with a size limit of `maximumPageCount` pages of 4 KiB (`PRAGMA max_page_count`),
    /// beyond which writes fail with `.full`. Tests use it to simulate a full disk.
    init(directory: String, logger: Logger, maximumPageCount: Int?, acceptingDataLoss: Bool = false) throws(StorageError) {
        self.directory = directory
        self.databasePath = directory + "/" + Self.databaseFileName
        self.logger = logger
        self.queue = CommitQueue()

        let started = ContinuousClock.now
        try DataDirectory.create(directory)
        let lock = try DirectoryLock(directory: directory)
        let files = StartupCheck.Files(database: self.databasePath, commitRecord: directory + "/" + CommitRecord.fileName)
        try StartupCheck.beforeOpening(files, acceptingDataLoss: acceptingDataLoss, logger: logger)
        try StartupCheck.afterRecovery(files, acceptingDataLoss: acceptingDataLoss, logger: logger)
        let existingSize = DataDirectory.fileSize(self.databasePath)
        let connection = try Self.openWriteConnection(
            self.databasePath, maximumPageCount: maximumPageCount, logger: logger)
        let commits: UInt64
        do throws(SQLiteError) {
            commits = try StoreSchema.commitCount(connection)
        } catch {
            throw StorageError(error, while: "reading the commit count")
        }
        let record = try CommitRecord(path: files.commitRecord, count: commits)
        let writer: CommitWriter
        do throws(SQLiteError) {
            writer = try CommitWriter(connection: connection, queue: self.queue, record: record, commits: commits, logger: logger)
        } catch {
            throw StorageError(error, while: "preparing statements")
        }
        let thread = try WriterThread { writer.run() }
        self.lifecycle = Mutex(Lifecycle(lock: lock, writerThread: thread))
        logger.info(
            "Opened durable store",
            metadata: [
                "file": "\(self.databasePath)",
                "bytes": "\(existingSize ?? 0)",
                "commits": "\(commits)",
                "duration": "\(ContinuousClock.now - started)",
            ])
    }

    deinit {
        self.close()
    }

    /// Commits everything queued, checkpoints the WAL into the main file (so the directory holds one
    /// self-contained file), closes the database and releases the directory lock.
    ///
    /// Blocks the calling thread until the queued batches are durable (their waiters are resumed
    /// first). Batches enqueued after `close()` starts fail with `.closed`. Idempotent and safe to
    /// call concurrently: later callers return once the first has finished.
    public func close() {
        self.lifecycle.withLock { lifecycle in
            guard let open = lifecycle.take() else { return }
            self.queue.beginClosing()
            open.writerThread.join()
            open.lock.release()
            self.logger.info("Closed durable store", metadata: ["file": "\(self.databasePath)"])
        }
    }

    /// Opens the write connection, checks the file, configures durability and prepares the schema.
    private static func openWriteConnection(
        _ path: String, maximumPageCount: Int?, logger: Logger
    ) throws(StorageError) -> SQLiteConnection {
        var action = "opening the database"
        let connection: SQLiteConnection
        do throws(SQLiteError) {
            connection = try SQLiteConnection(path: path, create: true)
            // A `sqlite3` shell reading the file may briefly hold a lock; wait for it rather than fail.
            try connection.execute("PRAGMA busy_timeout = 5000")
            // Checked before anything could write to the file, so a damaged file stays as it was.
            action = "checking the database (PRAGMA quick_check)"
            let started = ContinuousClock.now
            let problems = try connection.textRows("PRAGMA quick_check(20)")
            guard problems == ["ok"] else {
                throw SQLiteError(
                    extendedCode: SQLITE_CORRUPT,
                    message: "quick_check found damage: " + problems.prefix(5).joined(separator: "; "),
                    path: path)
            }
            logger.debug("quick_check passed", metadata: ["duration": "\(ContinuousClock.now - started)"])
            action = "configuring the database"
            let mode = try connection.textRows("PRAGMA journal_mode = WAL")
            guard mode == ["wal"] else {
                throw SQLiteError(extendedCode: 1, message: "could not enable WAL mode (got \(mode))", path: path)
            }
            try connection.execute(
                """
                PRAGMA synchronous = FULL;
                PRAGMA journal_size_limit = 67108864;
                PRAGMA cache_size = -16384;
                """)
            if let maximumPageCount {
                try connection.execute("PRAGMA max_page_count = \(maximumPageCount)")
            }
        } catch {
            throw StorageError(error, while: action)
        }
        try StoreSchema.prepare(connection)
        return connection
    }
}
