import HearthFirestore
import HearthJSON
import Logging

/// Loads a Hearth export (see `ExportManifest`) into the Firestore stores through the normal
/// write path, so imported documents are validated, journalled and durable like any write.
///
/// Semantics: a merge. Each document replaces the one with the same name; others are left as
/// they are. Imported documents get new create/update times (the commit's), as any write does.
/// Documents are applied in commits of 500, each awaited until durable. Bad input stops the
/// import with the file and line at fault; nothing after it is applied, but the commits
/// already made stay. Memory: one line and one batch of 500 documents at a time.
struct FirestoreImport {
    static let batchSize = 500

    let databases: FirestoreDatabases
    let logger: Logger
    let interactive: Bool

    /// Imports the export in `directory`.
    /// - Returns: the number of documents applied.
    /// - Throws: `DataTransferError` naming the file (and line) and the cause.
    func read(from directory: String) async throws(DataTransferError) -> Int {
        try await self.read(Self.manifest(in: directory), from: directory)
    }

    /// The manifest of the export in `directory`.
    static func manifest(in directory: String) throws(DataTransferError) -> ExportManifest {
        let manifestPath = directory + "/" + ExportManifest.fileName
        return try ExportManifest.decode(try Self.contents(of: manifestPath, in: directory), path: manifestPath)
    }

    /// Imports the Firestore databases `manifest` lists.
    func read(_ manifest: ExportManifest, from directory: String) async throws(DataTransferError) -> Int {
        let total = manifest.firestore.reduce(0) { $0 + $1.documents }
        var progress = ExportProgress(verb: "Importing", total: total, interactive: self.interactive, logger: self.logger)
        var applied = 0
        for entry in manifest.firestore {
            applied += try await self.read(entry, from: directory + "/" + entry.file, progress: &progress)
        }
        progress.finish()
        self.logger.info("Imported \(applied) Firestore document(s) of \(manifest.firestore.count) database(s) from \(directory)")
        return applied
    }

    private func read(_ entry: ExportedDatabase, from path: String, progress: inout ExportProgress) async throws(DataTransferError) -> Int {
        let store = self.databases.store(for: entry.database)
        let lines = try JSONLinesReader(path: path)
        var batch: [Write] = []
        var firstLine = 1
        var applied = 0
        while let line = try lines.next() {
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            if batch.isEmpty { firstLine = lines.lineNumber }
            batch.append(try Self.write(line, in: entry.database, at: "\(path):\(lines.lineNumber)"))
            progress.advance()
            if batch.count == Self.batchSize {
                try await Self.commit(batch, to: store, at: "\(path):\(firstLine)-\(lines.lineNumber)")
                applied += batch.count
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            try await Self.commit(batch, to: store, at: "\(path):\(firstLine)-\(lines.lineNumber)")
            applied += batch.count
        }
        return applied
    }

    /// One line: a REST `Document` whose name is in `database`, as a full replace.
    private static func write(_ line: [UInt8], in database: DatabaseID, at location: String) throws(DataTransferError) -> Write {
        do {
            let json = try JSONParser.parse(line)
            let (name, fields) = try DocumentCodec.decodeBody(json)
            guard let name else { throw FirestoreError.invalidArgument("the document has no \"name\".") }
            let parsed = try DocumentName(parsing: name)
            guard parsed.database == database else {
                throw FirestoreError.invalidArgument("\"\(name)\" is not in \(database), the database this file holds.")
            }
            return Write(path: parsed.path, operation: .update(fields: fields, mask: nil))
        } catch let error as FirestoreError {
            throw DataTransferError("\(location): \(error.message)")
        } catch {
            throw DataTransferError("\(location): not a JSON document: \(error)")
        }
    }

    private static func commit(_ writes: [Write], to store: DocumentStore, at location: String) async throws(DataTransferError) {
        do {
            let result = try store.commit(writes)
            try await store.waitUntilDurable(result.receipt)
        } catch {
            throw DataTransferError("\(location): could not import these documents: \(error.message)")
        }
    }

    /// A small file's bytes (the manifest), or an error saying the directory is not an export.
    private static func contents(of path: String, in directory: String) throws(DataTransferError) -> [UInt8] {
        let reader: JSONLinesReader
        do {
            reader = try JSONLinesReader(path: path)
        } catch {
            throw DataTransferError("\(directory) is not a Hearth export (an export directory holds \(ExportManifest.fileName)): \(error.message)")
        }
        var bytes: [UInt8] = []
        while let line = try reader.next() { bytes += line + [UInt8(ascii: "\n")] }
        return bytes
    }
}
