import VaporCSQLite

/// A failed SQLite call: the result code, SQLite's own message, and the database file involved.
///
/// Internal: callers of the module only ever see ``StorageError``, built from this by
/// `StorageError.init(_:while:)`, which adds advice on what to do.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (e.g. `SQLITE_IOERR_FSYNC`); `code & 0xff` is the primary code.
    let extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`), or `sqlite3_errstr` when no connection exists.
    let message: String
    /// The database file the connection was opened on.
    let path: String

    /// The primary result code (`SQLITE_FULL`, `SQLITE_CORRUPT`, …).
    var code: Int32 { self.extendedCode & 0xff }

    var description: String { "\(self.message) (SQLite code \(self.extendedCode), file \(self.path))" }
}
