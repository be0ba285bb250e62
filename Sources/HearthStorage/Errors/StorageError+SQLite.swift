import VaporCSQLite

extension StorageError {
    /// Turns a SQLite failure into a ``StorageError`` whose message names the file, quotes SQLite,
    /// and says what to do.
    ///
    /// - Parameters:
    ///   - error: the failed call.
    ///   - action: what Hearth was doing, as a gerund phrase ("committing 12 batches").
    init(_ error: SQLiteError, while action: String) {
        let what = "Hearth storage failed while \(action) on \(error.path): \(error.message)."
        switch error.code {
        case SQLITE_FULL:
            self.init(
                .full,
                "\(what) The disk (or the store's size limit) is full; this write was not applied and "
                    + "earlier data is intact. Free some space and retry: Hearth keeps taking writes and saves them "
                    + "again as soon as they fit, with no restart.")
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            self.init(
                .corrupt,
                "\(what) The data file is damaged or is not a SQLite database. Hearth has not modified or "
                    + "deleted it. Restore it from a backup, or move it (and its -wal, -shm and -commits files) aside "
                    + "to start empty; `sqlite3 \(error.path) 'PRAGMA integrity_check'` shows the damage and `.recover` "
                    + "may salvage records.")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            self.init(
                .readOnly,
                "\(what) The data file or its directory is not writable; check its permissions and that the "
                    + "file system is not mounted read-only. Earlier data is intact.")
        case SQLITE_BUSY, SQLITE_LOCKED:
            self.init(
                .locked,
                "\(what) Another process holds a lock on the database (a `sqlite3` shell with an open write "
                    + "transaction?). Close it and retry.")
        case SQLITE_TOOBIG, SQLITE_MISUSE, SQLITE_RANGE, SQLITE_CONSTRAINT, SQLITE_MISMATCH:
            self.init(.misuse, "\(what) The request was refused; nothing was applied.")
        case SQLITE_CANTOPEN:
            self.init(
                .io, "\(what) The data file could not be opened; check that the directory exists and is accessible.")
        default:
            self.init(
                .io,
                "\(what) The operating system reported an error; this write was not applied and earlier data "
                    + "is intact.")
        }
    }
}
