import HearthFirestore
import HearthJSON

/// Writes one database's `.jsonl` file of an export: one REST `Document` JSON per line, exactly
/// as GetDocument answers it (`DocumentCodec`). O(one document) memory beyond the file buffer.
final class DatabaseWriter {
    let database: DatabaseID
    let file: String
    private let output: ExportFile
    private var count = 0
    private var writer = JSONWriter(reservingCapacity: 4096)

    /// Creates `directory/firestore/<project>/<database>.jsonl` (and the project folder).
    init(database: DatabaseID, directory: String) throws(DataTransferError) {
        self.database = database
        self.file = ExportedDatabase.file(for: database)
        try ExportDirectory.createDirectory(directory + "/firestore/" + database.project)
        self.output = try ExportFile(path: directory + "/" + self.file)
    }

    func append(_ document: Document) throws(DataTransferError) {
        self.writer = JSONWriter(reservingCapacity: 4096)
        DocumentCodec.encode(document, in: self.database, mask: nil, into: &self.writer)
        try self.output.append(self.writer.bytes + [UInt8(ascii: "\n")])
        self.count += 1
    }

    /// Flushes and fsyncs the file; returns its manifest entry.
    func finish() throws(DataTransferError) -> ExportedDatabase {
        try self.output.finish()
        return ExportedDatabase(database: self.database, documents: self.count, file: self.file)
    }
}
