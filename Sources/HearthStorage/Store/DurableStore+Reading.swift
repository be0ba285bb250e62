import Logging

extension DurableStore {
    /// Calls `body` with every record (of every namespace, or of `namespace`), ordered by namespace
    /// then key, both byte-wise in UTF-8.
    ///
    /// Streams: one record is in memory at a time (plus SQLite's small page cache), so scanning a
    /// store of millions of records costs O(1) memory. Reads a consistent snapshot: batches
    /// committed during the scan are not seen. Runs on the calling thread on its own read
    /// connection, so it does not block writers; logs progress every 250,000 records.
    ///
    /// - Throws: a ``StorageError`` if reading fails, or whatever `body` throws (which stops the scan).
    public func scan(namespace: String? = nil, _ body: (StorageRecord) throws -> Void) throws {
        try Self.scan(try self.openReadConnection(), namespace: namespace, logger: self.logger, body)
    }

    /// Calls `body` with every record of the namespaces that start with `prefix` (`firestore/`,
    /// `rtdb/`), as ``scan(namespace:_:)`` does: a range of the primary key, so recovering one
    /// service reads none of the other's records.
    public func scan(namespacePrefix prefix: String, _ body: (StorageRecord) throws -> Void) throws {
        let connection = try self.openReadConnection()
        let statement: SQLiteStatement
        do throws(SQLiteError) {
            if let upper = KeyRange.upperBound(ofPrefix: prefix) {
                statement = try connection.prepare(
                    "SELECT namespace, key, value FROM records WHERE namespace >= ?1 AND namespace < ?2 ORDER BY namespace, key")
                try statement.bind(text: prefix, at: 1)
                try statement.bind(textBytes: upper, at: 2)
            } else {
                statement = try connection.prepare("SELECT namespace, key, value FROM records ORDER BY namespace, key")
            }
        } catch {
            throw StorageError(error, while: "starting a scan")
        }
        try Self.step(statement, namespace: prefix + "*", logger: self.logger, body)
    }

    /// The body of ``scan(namespace:_:)`` on a given read connection (shared with ``DurableSnapshot``).
    static func scan(
        _ connection: SQLiteConnection, namespace: String?, logger: Logger, _ body: (StorageRecord) throws -> Void
    ) throws {
        let statement: SQLiteStatement
        do throws(SQLiteError) {
            if let namespace {
                statement = try connection.prepare(
                    "SELECT namespace, key, value FROM records WHERE namespace = ?1 ORDER BY key")
                try statement.bind(text: namespace, at: 1)
            } else {
                statement = try connection.prepare(
                    "SELECT namespace, key, value FROM records ORDER BY namespace, key")
            }
        } catch {
            throw StorageError(error, while: "starting a scan")
        }
        try Self.step(statement, namespace: namespace ?? "*", logger: logger, body)
    }

    /// Runs a prepared `SELECT namespace, key, value` to the end, one record at a time.
    private static func step(
        _ statement: SQLiteStatement, namespace: String, logger: Logger, _ body: (StorageRecord) throws -> Void
    ) throws {
        let started = ContinuousClock.now
        var count = 0
        while true {
            let hasRow: Bool
            do throws(SQLiteError) {
                hasRow = try statement.step()
            } catch {
                throw StorageError(error, while: "scanning records (after \(count))")
            }
            guard hasRow else { break }
            try body(
                StorageRecord(
                    namespace: statement.text(at: 0), key: statement.text(at: 1), value: statement.bytes(at: 2)))
            count += 1
            if count % 250_000 == 0 {
                logger.info(
                    "Loading records",
                    metadata: ["records": "\(count)", "elapsed": "\(ContinuousClock.now - started)"])
            }
        }
        logger.log(
            level: count >= 250_000 ? .info : .debug,
            "Scanned records",
            metadata: [
                "records": "\(count)", "namespace": "\(namespace)",
                "duration": "\(ContinuousClock.now - started)",
            ])
    }

    /// The number of records (of every namespace, or of `namespace`). O(records): SQLite walks
    /// the table's B-tree (about 50 ms per million small records); meant for progress logs.
    public func count(namespace: String? = nil) throws(StorageError) -> Int {
        try Self.count(try self.openReadConnection(), namespace: namespace)
    }

    /// The body of ``count(namespace:)`` on a given read connection.
    static func count(_ connection: SQLiteConnection, namespace: String?) throws(StorageError) -> Int {
        do throws(SQLiteError) {
            let statement: SQLiteStatement
            if let namespace {
                statement = try connection.prepare("SELECT count(*) FROM records WHERE namespace = ?1")
                try statement.bind(text: namespace, at: 1)
            } else {
                statement = try connection.prepare("SELECT count(*) FROM records")
            }
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        } catch {
            throw StorageError(error, while: "counting records")
        }
    }

    /// A fresh connection for one read. Opening costs tens of microseconds (the schema is parsed
    /// lazily); a per-call connection keeps reads thread-safe without sharing or locking one.
    private func openReadConnection() throws(StorageError) -> SQLiteConnection {
        guard !self.queue.isClosing else {
            throw StorageError(.closed, "Hearth storage at \(self.databasePath) is closed.")
        }
        return try Self.openReadConnection(self.databasePath)
    }

    /// A read-only connection to the database file at `path` (which must exist).
    ///
    /// Read-only, not merely `query_only`: closing the last connection to a stopped store then
    /// never checkpoints or deletes its WAL, so `hearth export` of a crashed or damaged directory
    /// leaves it exactly as start-up's checks need to find it.
    static func openReadConnection(_ path: String) throws(StorageError) -> SQLiteConnection {
        do throws(SQLiteError) {
            let connection = try SQLiteConnection.readOnly(path: path)
            try connection.execute("PRAGMA busy_timeout = 5000")
            return connection
        } catch {
            throw StorageError(error, while: "opening a read connection")
        }
    }
}
