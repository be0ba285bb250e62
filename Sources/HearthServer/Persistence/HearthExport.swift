import Dispatch
import Foundation
import HearthAuth
import HearthDatabase
import HearthFirestore
import HearthStorage
public import Logging

/// Writes Firestore documents, Realtime Database namespaces and Auth accounts as a Hearth
/// export (see `ExportManifest`, `AuthExportWriter` and README "Import and export").
///
/// Consistency: from storage (a server's own or a data directory read by `hearth export`) the
/// export is one SQLite statement, so one snapshot of every database at once; from memory
/// (`--in-memory`) each database is one snapshot (`DocumentStore.forEachDocument`).
/// Memory: streams, one document at a time plus a 1 MiB write buffer per file; never a second
/// copy of the data. Atomicity: `ExportDirectory` swaps the finished export in, so a failed one
/// leaves the previous export intact.
public struct HearthExport: Sendable {
    /// Where the documents are read from.
    enum Source: Sendable {
        /// Durable records (only what is acknowledged, as it is on disk).
        case storage(any RecordReader)
        /// The in-memory stores of an `--in-memory` server.
        case memory(FirestoreDatabases, DatabaseNamespaces, AccountStore? = nil)
    }

    let source: Source
    let logger: Logger
    /// Draw a progress bar on standard error (a person is watching) rather than log.
    let interactive: Bool
    /// The project whose Auth data goes directly in `auth_export` (the server's default).
    let authProject: String

    init(source: Source, logger: Logger, interactive: Bool, authProject: String = "demo-hearth") {
        self.source = source
        self.logger = logger
        self.interactive = interactive
        self.authProject = authProject
    }

    /// Exports the data directory `data` (read-only, without its lock: a server may be running)
    /// to `destination`. What `hearth export` runs.
    /// - Returns: the number of documents written.
    public static func exportDataDirectory(_ data: String, to destination: String, logger: Logger) throws -> Int {
        let snapshot = try DurableSnapshot(directory: data, logger: logger)
        let export = HearthExport(source: .storage(snapshot), logger: logger, interactive: ExportProgress.standardErrorIsTerminal)
        return try export.write(to: destination).firestore.reduce(0) { $0 + $1.documents }
    }

    /// Refuses, before anything is written, a destination that an export would not replace
    /// (it exists and is neither empty nor an earlier export); `hearth serve --export-on-exit`
    /// checks at start rather than find out on exit.
    /// - Throws: ``ExportDestinationRefusal`` naming the destination and why.
    public static func checkDestination(_ destination: String) throws(ExportDestinationRefusal) {
        try ExportDirectory(destination: destination).requireReplaceable()
    }

    /// `write(to:including:)` on a background thread, for request handlers (an export may take
    /// seconds; it must not hold an event loop or a cooperative thread).
    func writeInBackground(to destination: String, including: @escaping @Sendable (DatabaseID) -> Bool) async throws -> ExportManifest {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.write(to: destination, including: including) })
            }
        }
    }

    /// Writes every database `including` accepts to `destination`, replacing a previous export.
    /// - Throws: `DataTransferError` (or the storage's error) naming the path and the cause; the
    ///   previous export at `destination` is then untouched.
    func write(to destination: String, including: (DatabaseID) -> Bool = { _ in true }) throws -> ExportManifest {
        let started = ContinuousClock.now
        let directory = ExportDirectory(destination: destination)
        let manifest = try directory.write { temporary in
            var manifest = ExportManifest(createdAt: Timestamp.now(), firestore: [])
            try ExportDirectory.createDirectory(temporary + "/firestore")
            let auth = AuthExportWriter(directory: temporary, project: self.authProject)
            switch self.source {
            case .storage(let reader):
                (manifest.firestore, manifest.database) = try self.writeRecords(from: reader, into: temporary, including: including, auth: auth)
            case .memory(let databases, let namespaces, let accounts):
                manifest.firestore = try self.writeMemory(databases, into: temporary, including: including)
                manifest.database = try Self.writeMemory(namespaces, into: temporary)
                if let accounts { try auth.write(accounts) }
            }
            try auth.finish()
            if auth.accounts > 0 { self.logger.info("Exported \(auth.accounts) Auth account(s) to \(AuthImport.folder)") }
            let file = try ExportFile(path: temporary + "/" + ExportManifest.fileName)
            try file.append(manifest.encoded())
            try file.finish()
            return manifest
        }
        let count = manifest.firestore.reduce(0) { $0 + $1.documents }
        let elapsed = ContinuousClock.now - started
        self.logger.info(
            "Exported \(count) Firestore document(s) of \(manifest.firestore.count) database(s) and \(manifest.database.count) Realtime Database namespace(s) to \(directory.destination) in \(elapsed.formatted(.units(allowed: [.milliseconds, .seconds])))")
        return manifest
    }

    /// One pass over the stored records; each namespace's records are contiguous (ordered by
    /// namespace), so one file is open at a time: a Firestore database's `.jsonl`, or a
    /// Realtime Database namespace's JSON tree.
    private func writeRecords(
        from reader: any RecordReader, into directory: String, including: (DatabaseID) -> Bool, auth: AuthExportWriter
    ) throws -> ([ExportedDatabase], [ExportedNamespace]) {
        var progress = ExportProgress(verb: "Exporting", total: try reader.count(namespace: nil), interactive: self.interactive, logger: self.logger)
        var databases: [ExportedDatabase] = []
        var namespaces: [ExportedNamespace] = []
        var current: (namespace: String, writer: DatabaseWriter?, tree: DatabaseExportWriter?)?
        func finishCurrent() throws {
            if let writer = current?.writer { databases.append(try writer.finish()) }
            if let tree = current?.tree { namespaces.append(try tree.finish()) }
        }
        try reader.scan(namespace: nil) { record in
            if record.namespace.hasPrefix(AuthStorageJournal.prefix) {
                try auth.append(record)
                return progress.advance()
            }
            if current?.namespace != record.namespace {
                try finishCurrent()
                let database = FirestoreJournal.database(ofNamespace: record.namespace)
                let writer = try database.flatMap { including($0) ? try DatabaseWriter(database: $0, directory: directory) : nil }
                let tree = try DatabaseStorageJournal.databaseNamespace(of: record.namespace).map {
                    try DatabaseExportWriter(namespace: $0, directory: directory)
                }
                current = (record.namespace, writer, tree)
            }
            if let tree = current?.tree {
                try tree.append(key: record.key, value: record.value)
                return progress.advance()
            }
            guard let writer = current?.writer else { return }
            do {
                let path = try DocumentPath(parsing: record.key)
                try writer.append(try DocumentBinaryCodec.decode(record.value, path: path))
            } catch let error as FirestoreError {
                throw DataTransferError("Stored document \(record.namespace)/\(record.key) could not be read: \(error.message)")
            }
            progress.advance()
        }
        try finishCurrent()
        progress.finish()
        return (databases, namespaces)
    }

    /// Every non-empty in-memory namespace, each a snapshot (copy-on-write, so no copy is made).
    private static func writeMemory(_ namespaces: DatabaseNamespaces, into directory: String) throws -> [ExportedNamespace] {
        var finished: [ExportedNamespace] = []
        for name in namespaces.names {
            let root = namespaces.store(for: name).snapshot()
            guard !root.isEmpty else { continue }
            let writer = try DatabaseExportWriter(namespace: name, directory: directory)
            try writer.write(root)
            finished.append(try writer.finish())
        }
        return finished
    }

    private func writeMemory(_ databases: FirestoreDatabases, into directory: String, including: (DatabaseID) -> Bool) throws -> [ExportedDatabase] {
        let chosen = databases.databaseIDs.filter(including).sorted()
        let total = chosen.reduce(0) { $0 + databases.store(for: $1).count }
        var progress = ExportProgress(verb: "Exporting", total: total, interactive: self.interactive, logger: self.logger)
        var finished: [ExportedDatabase] = []
        for database in chosen {
            let store = databases.store(for: database)
            guard store.count > 0 else { continue }
            let writer = try DatabaseWriter(database: database, directory: directory)
            try store.forEachDocument { document in
                try writer.append(document)
                progress.advance()
            }
            finished.append(try writer.finish())
        }
        progress.finish()
        return finished
    }
}
