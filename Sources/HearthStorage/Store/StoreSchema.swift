import VaporCSQLite

/// The on-disk layout of `DIR/hearth.sqlite`, and its version check.
///
/// The file is an ordinary SQLite 3 database in WAL mode; open it with `sqlite3 .hearth/hearth.sqlite`
/// to inspect it (reading while a server runs is safe; do not write to it then):
///
/// ```sql
/// -- One row per stored value. Keys sort byte-wise (UTF-8), which is the scan order.
/// CREATE TABLE records(
///     namespace TEXT NOT NULL,   -- e.g. a Firestore database or an RTDB instance
///     key       TEXT NOT NULL,   -- e.g. a document path
///     value     BLOB NOT NULL,   -- opaque bytes, encoded by the layer above
///     PRIMARY KEY(namespace, key)
/// ) WITHOUT ROWID;
/// -- Format bookkeeping: schema_version is 1; commits counts the writer's transactions (each one
/// -- updates it, so the database knows how many it holds; see `CommitRecord`).
/// CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
/// ```
///
/// `WITHOUT ROWID` stores each record once, in the primary-key B-tree, so a scan in key order is
/// a sequential walk and a lookup or prefix delete is one index seek.
enum StoreSchema {
    /// The version this build writes. A file with a higher version is refused, never downgraded.
    static let version = 1

    static let createStatements = """
        CREATE TABLE IF NOT EXISTS records(
            namespace TEXT NOT NULL,
            key TEXT NOT NULL,
            value BLOB NOT NULL,
            PRIMARY KEY(namespace, key)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', '\(version)');
        INSERT OR IGNORE INTO meta(key, value) VALUES ('commits', '0');
        """

    /// Creates the tables in a new file, or checks an existing one was written by a compatible Hearth.
    static func prepare(_ connection: SQLiteConnection) throws(StorageError) {
        let tables: [String]
        do throws(SQLiteError) {
            tables = try connection.textRows(
                "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        } catch {
            throw StorageError(error, while: "reading the schema")
        }
        if !tables.isEmpty && !(tables.contains("records") && tables.contains("meta")) {
            throw StorageError(
                .incompatible,
                "\(connection.path) is a SQLite database but not a Hearth data file (its tables are "
                    + "\(tables.joined(separator: ", "))). Hearth has not modified it; point --data at another "
                    + "directory.")
        }
        if tables.contains("meta") {
            let version: [String]
            do throws(SQLiteError) {
                version = try connection.textRows("SELECT value FROM meta WHERE key = 'schema_version'")
            } catch {
                throw StorageError(error, while: "reading the schema version")
            }
            if let found = version.first.flatMap({ Int($0) }), found > Self.version {
                throw StorageError(
                    .incompatible,
                    "\(connection.path) was written by a newer Hearth (data format \(found); this build "
                        + "reads format \(Self.version) and earlier). Upgrade Hearth; the file was not modified.")
            }
            if tables.contains("records") && !version.isEmpty && (try? Self.commitCount(connection)) != nil {
                return
            }
        }
        do throws(SQLiteError) {
            try connection.execute("BEGIN IMMEDIATE;\n\(Self.createStatements)\nCOMMIT;")
        } catch {
            if connection.isInTransaction {
                try? connection.execute("ROLLBACK")
            }
            throw StorageError(error, while: "creating the schema")
        }
    }

    /// The writer's transaction count stored in `meta` (0 in a file from before it was kept, whose
    /// row ``prepare(_:)`` adds).
    /// - Throws: `SQLiteError` if the row is missing or cannot be read.
    static func commitCount(_ connection: SQLiteConnection) throws(SQLiteError) -> UInt64 {
        guard let text = try connection.textRows("SELECT value FROM meta WHERE key = 'commits'").first,
            let count = UInt64(text)
        else {
            throw SQLiteError(extendedCode: SQLITE_CORRUPT, message: "meta has no commits row", path: connection.path)
        }
        return count
    }
}
