import HearthTesting
import Foundation
@testable import HearthStorage
import Testing

/// What a user sees when things go wrong: a full disk, a second server, a damaged or foreign file.
@Suite struct DurableStoreFailureTests {
    @Test func aFullDiskFailsOnlyTheBatchThatDidNotFitAndKeepsEverythingElse() async throws {
        let temp = try TemporaryDirectory.forStorage()
        // 48 pages of 4 KiB: room for the small records, not for 400 KiB more.
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger, maximumPageCount: 48)
        try await store.write(
            StorageBatch((0..<10).map { .put(namespace: "n", key: "initial/\($0)", value: bytes("v\($0)")) }))
        let big = [UInt8](repeating: 7, count: 8_192)
        let before = store.enqueue(StorageBatch([.put(namespace: "n", key: "before", value: bytes("ok"))]))
        let tooBig = store.enqueue(StorageBatch(
            [.delete(namespace: "n", key: "initial/0"), .deletePrefix(namespace: "n", keyPrefix: "initial/1")]
                + (0..<50).map { .put(namespace: "n", key: "big/\($0)", value: big) }))
        let after = store.enqueue(StorageBatch([.put(namespace: "n", key: "after", value: bytes("ok"))]))
        try await store.waitUntilDurable(before)
        let error = await #expect(throws: StorageError.self) { try await store.waitUntilDurable(tooBig) }
        #expect(error?.kind == .full)
        #expect(error?.message.contains(temp.databaseFile) == true)
        #expect(error?.message.contains("full") == true)
        try await store.waitUntilDurable(after)
        // Waiting again gives the same answer.
        await #expect(throws: StorageError.self) { try await store.waitUntilDurable(tooBig) }

        let expected = ["n|after|ok", "n|before|ok"] + (0..<10).map { "n|initial/\($0)|v\($0)" }
        #expect(try store.allRecords() == expected)
        #expect(store.statistics.batchesFailed == 1)
        // The store keeps serving after the failure.
        try await store.write(StorageBatch([.put(namespace: "n", key: "later", value: bytes("ok"))]))
        store.close()

        let reopened = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { reopened.close() }
        #expect(try reopened.allRecords() == expected + ["n|later|ok"])
    }

    @Test func aWriteBuiltOnAFailedOneIsRefusedAndWritesSucceedAgainOnceThereIsRoom() async throws {
        let temp = try TemporaryDirectory.forStorage()
        // 48 pages of 4 KiB: room for the filler or the big batch, not for both.
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger, maximumPageCount: 48)
        defer { store.close() }
        // 900 bytes stay on the B-tree page (no overflow pages), four records a page.
        let value = [UInt8](repeating: 7, count: 900)
        try await store.write(StorageBatch((0..<100).map { .put(namespace: "n", key: "fill/\($0)", value: value) }))
        let big = StorageBatch((0..<100).map { .put(namespace: "n", key: "big/\($0)", value: value) })

        let tooBig = store.enqueue(big)
        let builtOnIt = store.enqueue(StorageBatch([.put(namespace: "n", key: "derived", value: bytes("x"))]), after: tooBig)
        let freeing = store.enqueue(StorageBatch([.deletePrefix(namespace: "n", keyPrefix: "fill/")]))
        let full = await #expect(throws: StorageError.self) { try await store.waitUntilDurable(tooBig) }
        #expect(full?.kind == .full)
        #expect(full?.message.contains("Free some space and retry") == true)
        #expect(full?.message.contains("no restart") == true)
        let refused = await #expect(throws: StorageError.self) { try await store.waitUntilDurable(builtOnIt) }
        #expect(refused?.kind == .full)
        #expect(refused?.message.contains("computed from an earlier one that could not be saved") == true)
        #expect(refused?.message.contains(temp.databaseFile) == true)
        // Independent writes go on, and once they made room the same big write succeeds: no reopening.
        try await store.waitUntilDurable(freeing)
        try await store.write(big)
        #expect(try store.allRecords().count == 100)
        #expect(try store.allRecords().allSatisfy { $0.hasPrefix("n|big/") })
        #expect(store.statistics.batchesFailed == 2)
    }

    @Test func aTicketFromTheFutureIsMisuse() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        let ticket = store.enqueue(StorageBatch([.put(namespace: "n", key: "k", value: bytes("v"))]), after: StorageTicket(sequence: 99))
        let error = await #expect(throws: StorageError.self) { try await store.waitUntilDurable(ticket) }
        #expect(error?.kind == .misuse)
        #expect(try store.allRecords() == [])
    }

    @Test func aSecondStoreOnTheSameDirectoryIsRefusedUntilTheFirstCloses() throws {
        let temp = try TemporaryDirectory.forStorage()
        let first = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .locked)
        #expect(error?.message.contains(temp.dataDirectory) == true)
        #expect(error?.message.contains("process \(getpid())") == true)
        first.close()
        let second = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        second.close()
    }

    @Test func garbageOverTheHeaderIsReportedAsCorruptAndTheFileIsLeftAlone() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        try await store.write(StorageBatch([.put(namespace: "n", key: "k", value: bytes("v"))]))
        store.close()
        let handle = try #require(FileHandle(forWritingAtPath: temp.databaseFile))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: temp.databaseFile))

        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .corrupt)
        #expect(error?.message.contains(temp.databaseFile) == true)
        #expect(error?.message.contains("not a database") == true)
        #expect(error?.message.contains("has not modified or deleted it") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: temp.databaseFile)) == damaged)
        // The failed open released the directory lock: trying again reports the damage, not a lock.
        let again = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(again?.kind == .corrupt)
    }

    @Test func aTruncatedFileIsReportedAsCorruptAndLeftAlone() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        let value = [UInt8](repeating: 1, count: 200)
        try await store.write(StorageBatch((0..<2_000).map { .put(namespace: "n", key: "k\($0)", value: value) }))
        store.close()
        let whole = try Data(contentsOf: URL(fileURLWithPath: temp.databaseFile))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: temp.databaseFile))

        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .corrupt)
        #expect(error?.message.contains(temp.databaseFile) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: temp.databaseFile)) == whole.prefix(whole.count / 2))
    }

    @Test func aFileFromANewerHearthIsRefused() throws {
        let temp = try TemporaryDirectory.forStorage()
        try DurableStore(directory: temp.dataDirectory, logger: quietLogger).close()
        let connection = try SQLiteConnection(path: temp.databaseFile, create: false)
        try connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        connection.close()

        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .incompatible)
        #expect(error?.message.contains("newer Hearth") == true)
    }

    @Test func aForeignSQLiteFileIsRefusedUntouched() throws {
        let temp = try TemporaryDirectory.forStorage()
        try FileManager.default.createDirectory(atPath: temp.dataDirectory, withIntermediateDirectories: true)
        let connection = try SQLiteConnection(path: temp.databaseFile, create: true)
        try connection.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY)")
        connection.close()

        let error = #expect(throws: StorageError.self) {
            _ = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        }
        #expect(error?.kind == .incompatible)
        #expect(error?.message.contains("photos") == true)
        let check = try SQLiteConnection(path: temp.databaseFile, create: false)
        #expect(try check.textRows("SELECT name FROM sqlite_schema") == ["photos"])
    }
}
