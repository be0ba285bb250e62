import VaporCSQLite

/// One connection to a SQLite database file, through the C API of the SQLite bundled with sqlite-nio.
///
/// Not `Sendable`: a connection is opened with `SQLITE_OPEN_NOMUTEX`, so it must be used by one
/// thread at a time. Hearth gives the write connection to the commit writer thread and opens a
/// short-lived connection per read (`scan`, `count`), so no connection is ever shared.
final class SQLiteConnection {
    /// The database file, used in every error message.
    let path: String
    private var handle: OpaquePointer?

    /// Opens (creating if `create`) the database file.
    ///
    /// Opening is cheap (no I/O beyond `open(2)`); SQLite reads the header on the first statement,
    /// which is where a damaged file is first noticed (`SQLITE_NOTADB`).
    convenience init(path: String, create: Bool) throws(SQLiteError) {
        try self.init(path: path, flags: SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
    }

    /// Opens the existing database file for reading only.
    ///
    /// Why: a read-only connection runs SQLite's WAL recovery like any other but never writes the
    /// database or the WAL, and never checkpoints (or deletes) the WAL when it closes, so start-up
    /// can look at a damaged store and leave it exactly as it was.
    static func readOnly(path: String) throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
    }

    private init(path: String, flags: Int32) throws(SQLiteError) {
        self.path = path
        let flags = flags | SQLITE_OPEN_NOMUTEX
        var handle: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message: String
            if let handle {
                message = String(cString: sqlite_nio_sqlite3_errmsg(handle))
                sqlite_nio_sqlite3_close_v2(handle)
            } else {
                message = String(cString: sqlite_nio_sqlite3_errstr(status))
            }
            throw SQLiteError(extendedCode: status, message: message, path: path)
        }
        self.handle = handle
        sqlite_nio_sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        self.close()
    }

    /// The raw handle, for ``SQLiteStatement``. Traps if the connection was closed (a bug).
    var rawHandle: OpaquePointer {
        guard let handle = self.handle else {
            preconditionFailure("SQLite connection to \(self.path) used after close")
        }
        return handle
    }

    /// `true` while a transaction is open (`BEGIN` without `COMMIT`/`ROLLBACK`, or one SQLite did not
    /// roll back itself after an error).
    var isInTransaction: Bool {
        guard let handle = self.handle else { return false }
        return sqlite_nio_sqlite3_get_autocommit(handle) == 0
    }

    /// Runs one or more SQL statements that return no rows we need (DDL, `BEGIN`, `COMMIT`, `PRAGMA x = y`).
    func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite_nio_sqlite3_exec(self.rawHandle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw self.error(status) }
    }

    /// Compiles `sql` once; the statement is then reset and re-bound for each use.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(
            self.rawHandle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw self.error(status) }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// Runs a query and returns the first column of every row as text (for `PRAGMA quick_check` and the like).
    func textRows(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try self.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append(statement.text(at: 0))
        }
        return rows
    }

    /// An error for `status`, with the connection's current message.
    func error(_ status: Int32) -> SQLiteError {
        let message = self.handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) }
            ?? String(cString: sqlite_nio_sqlite3_errstr(status))
        return SQLiteError(extendedCode: status, message: message, path: self.path)
    }

    /// Closes the connection. Statements still alive keep it open until they are finalized
    /// (`sqlite3_close_v2`), so the order of deinitialization does not matter. Idempotent.
    func close() {
        if let handle = self.handle {
            sqlite_nio_sqlite3_close_v2(handle)
            self.handle = nil
        }
    }
}
