import HearthTesting
import Foundation
@testable import HearthStorage
import Testing

/// Damage that would lose acknowledged transactions stops start-up, naming the file, with the
/// files left as they were and a copy of the WAL aside; a fresh directory and a crash's torn tail
/// still open.
///
/// "After a crash" is made exact and fast: the files of an open, idle store (every batch
/// acknowledged, so in the fsynced WAL and counted in the commit record) are copied to another
/// directory, which is what `kill -9` leaves behind. `DurableStoreCrashTests` does the same with a
/// real `kill -9` of a writing process.
@Suite struct StartupCheckTests {
    /// A crashed store: `batches` acknowledged batches of 10 records each, in their own
    /// transactions, still in the WAL (not checkpointed).
    struct CrashedStore {
        let temp: TemporaryDirectory
        let batches: Int
        var directory: String { self.temp.path + "/crashed" }
        var database: String { self.directory + "/hearth.sqlite" }
        var wal: String { self.database + "-wal" }

        init(batches: Int = 30) async throws {
            self.temp = try TemporaryDirectory.forStorage()
            self.batches = batches
            let store = try DurableStore(directory: self.temp.dataDirectory, logger: quietLogger)
            for batch in 0..<batches {
                try await store.write(
                    StorageBatch((0..<10).map { .put(namespace: "n", key: "b\(batch)/\($0)", value: [UInt8](repeating: 7, count: 100)) }))
            }
            try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
            for name in ["hearth.sqlite", "hearth.sqlite-wal", CommitRecord.fileName] {
                try FileManager.default.copyItem(atPath: self.temp.dataDirectory + "/" + name, toPath: self.directory + "/" + name)
            }
            store.close()
            let scan = try WriteAheadLogScan.scan(self.wal)
            // The premise: the acknowledged transactions are in the WAL only.
            #expect(scan.replayedCommits > batches)
        }

        func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

        /// The copies of the WAL start-up made.
        func walCopies() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: self.directory).filter { $0.hasPrefix("hearth.sqlite-wal.damaged-") }
        }

        /// Opens the directory, expects a refusal naming `file` and saying `words`, and checks
        /// that the main file and the WAL are unchanged and the WAL was copied aside.
        func expectRefusal(naming file: String, saying words: String, walCopied: Bool = true) throws {
            let database = self.contents(self.database)
            let wal = self.contents(self.wal)
            let error = #expect(throws: StorageError.self) {
                _ = try DurableStore(directory: self.directory, logger: quietLogger)
            }
            #expect(error?.kind == .corrupt)
            #expect(error?.message.contains(file) == true, "\(error?.message ?? "no error")")
            #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
            #expect(error?.message.contains("--accept-data-loss") == true)
            #expect(self.contents(self.database) == database)
            #expect(self.contents(self.wal) == wal)
            let copies = try self.walCopies()
            #expect(copies.count == (walCopied ? 1 : 0))
            if walCopied, let copy = copies.first {
                #expect(error?.message.contains(copy) == true)
                #expect(self.contents(self.directory + "/" + copy) == wal)
            }
        }

        /// Every record the store holds, opened with `acceptingDataLoss`.
        func recordsAcceptingLoss() throws -> Int {
            let store = try DurableStore(directory: self.directory, acceptingDataLoss: true, logger: quietLogger)
            defer { store.close() }
            return try store.count()
        }
    }

    @Test func anIntactCrashedStoreOpensWithEverything() async throws {
        let crashed = try await CrashedStore()
        let store = try DurableStore(directory: crashed.directory, logger: quietLogger)
        #expect(try store.count() == crashed.batches * 10)
        store.close()
        #expect(try crashed.walCopies().isEmpty)
    }

    @Test func aTornLastFrameAfterACrashIsNormal() async throws {
        let crashed = try await CrashedStore()
        // Half a frame of a transaction that never committed, as a crash mid-write leaves it.
        let handle = try #require(FileHandle(forWritingAtPath: crashed.wal))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x42, count: 2_000))
        try handle.close()
        let store = try DurableStore(directory: crashed.directory, logger: quietLogger)
        defer { store.close() }
        #expect(try store.count() == crashed.batches * 10)
    }

    @Test func aMainFileTruncatedToZeroWithItsWALIntactIsRefused() async throws {
        let crashed = try await CrashedStore()
        try Data().write(to: URL(fileURLWithPath: crashed.database))
        try crashed.expectRefusal(naming: crashed.database, saying: "is empty (0 bytes) but its write-ahead log")
        // Refusing again makes no second copy.
        try crashed.expectRefusal(naming: crashed.database, saying: "committed transaction(s)")
    }

    @Test func halfAWALIsRefused() async throws {
        let crashed = try await CrashedStore()
        let wal = try #require(crashed.contents(crashed.wal))
        try wal.prefix(wal.count / 2).write(to: URL(fileURLWithPath: crashed.wal))
        try crashed.expectRefusal(naming: crashed.wal, saying: "were acknowledged")
        // With the loss accepted, SQLite's valid prefix opens; the copy stays.
        let kept = try crashed.recordsAcceptingLoss()
        #expect(kept > 0 && kept < crashed.batches * 10)
        #expect(try crashed.walCopies().count == 1)
        // Accepting resets the record: the next start is a normal one.
        try DurableStore(directory: crashed.directory, logger: quietLogger).close()
    }

    @Test func aScribbledFrameFollowedByCommittedTransactionsIsRefused() async throws {
        let crashed = try await CrashedStore()
        let handle = try #require(FileHandle(forUpdatingAtPath: crashed.wal))
        // Inside the page of the fifth frame (4 KiB pages, 24-byte frame headers).
        let frameSize: UInt64 = 24 + 4_096
        try handle.seek(toOffset: 32 + 4 * frameSize + 24 + 1_000)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 64))
        try handle.close()
        let scan = try WriteAheadLogScan.scan(crashed.wal)
        #expect(scan.firstInvalidFrame == 5)
        #expect(scan.losesCommittedTransactions)
        // Refused by the frame check before SQLite opens anything (the commit record is not needed).
        try FileManager.default.removeItem(atPath: crashed.directory + "/" + CommitRecord.fileName)
        try crashed.expectRefusal(naming: crashed.wal, saying: "is damaged at frame 5")
    }

    /// A damaged frame inside the last transaction, followed only by that transaction's commit
    /// frame, is what a power loss leaves of a transaction that was never acknowledged, so the
    /// frame check lets it pass; whether it *was* acknowledged is the commit count's to say.
    @Test func aDamagedLastTransactionIsRefusedOnlyIfItWasAcknowledged() async throws {
        let crashed = try await CrashedStore()
        let frames = try WriteAheadLogScan.scan(crashed.wal).frames
        let handle = try #require(FileHandle(forUpdatingAtPath: crashed.wal))
        // The frame before the last: part of the last transaction (a records page, then meta).
        let frameSize: UInt64 = 24 + 4_096
        try handle.seek(toOffset: 32 + UInt64(frames - 2) * frameSize + 24 + 100)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 64))
        try handle.close()
        let scan = try WriteAheadLogScan.scan(crashed.wal)
        #expect(scan.firstInvalidFrame == frames - 1)
        #expect(scan.intactCommitsAfterBreak == 1)
        #expect(!scan.losesCommittedTransactions)
        // It was acknowledged (the record counts it): refused.
        try crashed.expectRefusal(naming: crashed.wal, saying: "the last 1 are missing")
        // Without the record (as after a power loss that lost it), SQLite's prefix opens.
        try FileManager.default.removeItem(atPath: crashed.directory + "/" + CommitRecord.fileName)
        let store = try DurableStore(directory: crashed.directory, logger: quietLogger)
        defer { store.close() }
        #expect(try store.count() == (crashed.batches - 1) * 10)
    }

    @Test func aDeletedWALAfterACrashIsRefused() async throws {
        let crashed = try await CrashedStore()
        try FileManager.default.removeItem(atPath: crashed.wal)
        try crashed.expectRefusal(naming: crashed.wal, saying: "(it is missing) was deleted", walCopied: false)
        #expect(try crashed.recordsAcceptingLoss() < crashed.batches * 10)
    }

    @Test func aZeroByteMainFileWithoutAWALIsRefusedWhereAStoreExisted() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        try await store.write(StorageBatch([.put(namespace: "n", key: "k", value: bytes("v"))]))
        store.close()
        #expect(DataDirectory.fileSize(temp.databaseFile + "-wal") == nil)
        try Data().write(to: URL(fileURLWithPath: temp.databaseFile))

        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .corrupt)
        #expect(error?.message.contains("\(temp.databaseFile) is empty (0 bytes)") == true)
        #expect(error?.message.contains("records 1 committed transaction(s)") == true)
        #expect(DataDirectory.fileSize(temp.databaseFile) == 0)
    }

    @Test func aFreshDirectoryAndAnEmptyFileFromACrashBeforeTheFirstCommitOpen() async throws {
        let temp = try TemporaryDirectory.forStorage()
        try DurableStore(directory: temp.dataDirectory, logger: quietLogger).close()
        #expect(CommitRecord.read(temp.dataDirectory + "/" + CommitRecord.fileName) == .count(0))
        // A store that never committed anything, truncated: nothing acknowledged was lost.
        try Data().write(to: URL(fileURLWithPath: temp.databaseFile))
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        try await store.write(StorageBatch([.put(namespace: "n", key: "k", value: bytes("v"))]))
        store.close()
        #expect(CommitRecord.read(temp.dataDirectory + "/" + CommitRecord.fileName) == .count(1))
    }
}
