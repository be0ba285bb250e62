import HearthCore
import HearthDatabase
import HearthJSON

/// Writes one Realtime Database namespace of an export as a single JSON document, streaming:
/// memory is the nesting depth plus `ExportFile`'s buffer, whatever the tree's size.
///
/// From storage, the leaf records (`DatabaseStorageJournal`) arrive sorted by key; every
/// key below an object shares its `path/` prefix, so they are contiguous and the objects can
/// be opened and closed as the keys go by. From memory, the tree is walked.
/// Not `Sendable`: one export writes it from one thread.
final class DatabaseExportWriter {
    let namespace: String
    private let relativePath: String
    private let file: ExportFile
    private var writer = JSONWriter(reservingCapacity: 64 * 1024)
    /// The objects open now, outermost first.
    private var open: [String] = []
    private var values = 0
    /// Keyed records opened a root object, which `finish` closes.
    private var rootIsObject = false

    init(namespace: String, directory: String) throws(DataTransferError) {
        self.namespace = namespace
        self.relativePath = ExportedNamespace.file(for: namespace)
        try ExportDirectory.createDirectory(directory + "/database")
        self.file = try ExportFile(path: directory + "/" + self.relativePath)
    }

    /// One stored record: `key` is the leaf's path (`a/b`, `""` for a root leaf, a final
    /// `.priority` for an object's priority), `value` its JSON text.
    func append(key: String, value: [UInt8]) throws(DataTransferError) {
        let segments = key.isEmpty ? [] : key.slashSeparated()
        guard let last = segments.last else {
            self.writer.rawValue(value)
            self.values += 1
            return try self.flushIfLarge()
        }
        let parents = segments.dropLast()
        if !self.rootIsObject {
            self.writer.beginObject()
            self.rootIsObject = true
        }
        var shared = 0
        while shared < min(self.open.count, parents.count), self.open[shared] == parents[parents.startIndex + shared] { shared += 1 }
        while self.open.count > shared {
            self.writer.endObject()
            self.open.removeLast()
        }
        for segment in parents.dropFirst(shared) {
            self.writer.key(segment)
            self.writer.beginObject()
            self.open.append(segment)
        }
        self.writer.key(last)
        self.writer.rawValue(value)
        if last != ".priority" { self.values += 1 }
        try self.flushIfLarge()
    }

    /// A whole in-memory tree (an `--in-memory` server's namespace).
    func write(_ node: DatabaseNode) throws(DataTransferError) {
        try self.walk(node)
    }

    private func walk(_ node: DatabaseNode) throws(DataTransferError) {
        if node.leaf != nil {
            self.writer.value(node.json(.export))
            self.values += 1
            return try self.flushIfLarge()
        }
        self.writer.beginObject()
        for (key, child) in node.children {
            self.writer.key(key)
            try self.walk(child)
        }
        if let priority = node.priority {
            self.writer.key(".priority")
            self.writer.value(priority.leaf.json)
        }
        self.writer.endObject()
    }

    /// Closes what is open, fsyncs the file and says what it holds.
    func finish() throws(DataTransferError) -> ExportedNamespace {
        while !self.open.isEmpty {
            self.writer.endObject()
            self.open.removeLast()
        }
        if self.rootIsObject { self.writer.endObject() }
        try self.file.append(self.writer.takeBytes())
        try self.file.finish()
        return ExportedNamespace(namespace: self.namespace, values: self.values, file: self.relativePath)
    }

    private func flushIfLarge() throws(DataTransferError) {
        if self.writer.bytes.count >= 64 * 1024 { try self.file.append(self.writer.takeBytes()) }
    }
}
