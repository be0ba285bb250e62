public import Logging

/// A data directory opened for reading only, without its lock, so a running server may keep
/// writing: `hearth export` uses it.
///
/// Why no lock: SQLite in WAL mode lets readers and one writer work concurrently, and every read
/// here is one statement on a fresh query-only connection, so it sees one consistent snapshot
/// (the commits that completed before it began) and never blocks the server's writer. It never
/// creates the data file: a directory without `hearth.sqlite` is an error, not an empty store.
///
/// Cost: opening is a `stat`; each `scan`/`count` opens its own connection (tens of µs).
public struct DurableSnapshot: RecordReader {
    /// The data directory.
    public let directory: String
    /// `directory/hearth.sqlite`.
    public let databasePath: String
    let logger: Logger

    /// - Throws: `.io` if the directory holds no Hearth data file.
    public init(directory: String, logger: Logger) throws(StorageError) {
        self.directory = directory
        self.databasePath = directory + "/" + DurableStore.databaseFileName
        self.logger = logger
        guard DataDirectory.fileSize(self.databasePath) != nil else {
            throw StorageError(
                .io,
                "There is no Hearth data at \(self.databasePath) (no such file). Pass the data directory of a "
                    + "server with --data.")
        }
    }

    public func scan(namespace: String? = nil, _ body: (StorageRecord) throws -> Void) throws {
        try DurableStore.scan(
            try DurableStore.openReadConnection(self.databasePath), namespace: namespace, logger: self.logger, body)
    }

    public func count(namespace: String? = nil) throws(StorageError) -> Int {
        try DurableStore.count(try DurableStore.openReadConnection(self.databasePath), namespace: namespace)
    }
}
