import Foundation
import HearthTesting
import HearthDatabase
import HearthFirestore
import HearthStorage
import Logging
import Testing

@testable import HearthServer

/// The export's atomicity and formats without a process: a failure in the middle of writing
/// (a stored record that does not decode, after good ones) leaves the previous export intact
/// and no temporary behind; the manifest reads back what it wrote; memory exports stream each
/// database's snapshot.
@Suite struct HearthExportTests {
    /// Records served from an array, as a `RecordReader`.
    struct FakeRecords: RecordReader {
        let records: [StorageRecord]
        func scan(namespace: String?, _ body: (StorageRecord) throws -> Void) throws {
            for record in self.records where namespace == nil || record.namespace == namespace { try body(record) }
        }
        func count(namespace: String?) throws(StorageError) -> Int { self.records.count }
    }

    let temporary: TemporaryDirectory
    var root: String { self.temporary.path }
    init() throws {
        self.temporary = try TemporaryDirectory("export")
    }

    static func record(_ database: String, _ key: String, _ value: Int64) throws -> StorageRecord {
        let path = try DocumentPath(parsing: key)
        let time = Timestamp(seconds: 1_700_000_000)
        let document = Document(path: path, fields: MapValue(fields: ["v": .integer(value)]), createTime: time, updateTime: time)
        return StorageRecord(namespace: "firestore/p/\(database)", key: key, value: DocumentBinaryCodec.encode(document))
    }

    @Test func aFailureMidwayLeavesThePreviousExportIntact() throws {
        let destination = self.root + "/export"
        let good = HearthExport(
            source: .storage(FakeRecords(records: [try Self.record("(default)", "c/a", 1)])), logger: Logger(label: "test"), interactive: false)
        let written = try good.write(to: destination)
        #expect(written.firestore == [ExportedDatabase(database: try DatabaseID(project: "p"), documents: 1, file: "firestore/p/(default).jsonl")])
        let before = try String(contentsOfFile: destination + "/firestore/p/(default).jsonl", encoding: .utf8)
        #expect(before.hasPrefix(#"{"name":"projects/p/databases/(default)/documents/c/a","fields":{"v":{"integerValue":"1"}}"#))

        let broken = StorageRecord(namespace: "firestore/p/(default)", key: "c/z", value: [0xFF, 0x00])
        let failing = HearthExport(
            source: .storage(FakeRecords(records: [try Self.record("(default)", "c/b", 2), try Self.record("(default)", "c/c", 3), broken])),
            logger: Logger(label: "test"), interactive: false)
        #expect {
            try failing.write(to: destination)
        } throws: { error in
            "\(error)".contains("firestore/p/(default)/c/z could not be read")
        }
        #expect(try String(contentsOfFile: destination + "/firestore/p/(default).jsonl", encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: self.root) == ["export"])
    }

    @Test func theManifestReadsBackWhatItWrote() throws {
        let manifest = ExportManifest(
            createdAt: Timestamp(seconds: 1_700_000_000),
            firestore: [ExportedDatabase(database: try DatabaseID(project: "p", database: "db"), documents: 7, file: "firestore/p/db.jsonl")])
        #expect(try ExportManifest.decode(manifest.encoded(), path: "m") == manifest)
        #expect(throws: DataTransferError.self) {
            try ExportManifest.decode(Array(#"{"format":"hearth-export","version":1,"firestore":[{"project":"p","database":"d","file":"../x"}]}"#.utf8), path: "m")
        }
    }

    @Test func aMemoryExportWritesEachDatabase() throws {
        let databases = FirestoreDatabases()
        for index in 0..<3 {
            let store = databases.store(for: try DatabaseID(project: "p", database: "d\(index)"))
            _ = try store.commit([Write(path: try DocumentPath(parsing: "c/x"), operation: .update(fields: MapValue(fields: ["i": .integer(Int64(index))]), mask: nil))])
        }
        _ = databases.store(for: try DatabaseID(project: "empty"))
        let export = HearthExport(source: .memory(databases, DatabaseNamespaces()), logger: Logger(label: "test"), interactive: false)
        let manifest = try export.write(to: self.root + "/memory") { $0.project == "p" }
        #expect(manifest.firestore.map(\.file) == ["firestore/p/d0.jsonl", "firestore/p/d1.jsonl", "firestore/p/d2.jsonl"])
        #expect(manifest.firestore.allSatisfy { $0.documents == 1 })
    }
}
