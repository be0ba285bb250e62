import HearthTesting
import Foundation
import HearthStorage
import Testing

/// Round trips through the public API: every operation, scan order, counts, reopening.
@Suite struct DurableStoreTests {
    @Test func putsAreScannedInNamespaceThenKeyOrder() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        try await store.write(StorageBatch([
            .put(namespace: "b", key: "z", value: bytes("1")),
            .put(namespace: "a", key: "m", value: bytes("2")),
            .put(namespace: "a", key: "B", value: bytes("3")),
            .put(namespace: "a", key: "a", value: bytes("4")),
            .put(namespace: "a", key: "é", value: bytes("5")),
        ]))
        // Byte-wise UTF-8 order: uppercase before lowercase, non-ASCII last.
        #expect(try store.allRecords() == ["a|B|3", "a|a|4", "a|m|2", "a|é|5", "b|z|1"])
        #expect(try store.allRecords(namespace: "a") == ["a|B|3", "a|a|4", "a|m|2", "a|é|5"])
        #expect(try store.count() == 5)
        #expect(try store.count(namespace: "b") == 1)
        #expect(try store.allRecords(namespace: "missing") == [])
    }

    @Test(arguments: [("rtdb/", ["rtdb/a|k|1", "rtdb/b|k|2"]), ("firestore/", ["firestore/p/d|k|3"]), ("", ["firestore/p/d|k|3", "rtdb|k|5", "rtdb/a|k|1", "rtdb/b|k|2", "rtdb0|k|4"])])
    func aNamespacePrefixScanReadsOnlyThoseNamespaces(_ prefix: String, _ expected: [String]) async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        try await store.write(StorageBatch([
            .put(namespace: "rtdb/b", key: "k", value: bytes("2")), .put(namespace: "rtdb/a", key: "k", value: bytes("1")),
            .put(namespace: "firestore/p/d", key: "k", value: bytes("3")), .put(namespace: "rtdb0", key: "k", value: bytes("4")),
            .put(namespace: "rtdb", key: "k", value: bytes("5")),
        ]))
        var seen: [String] = []
        try store.scan(namespacePrefix: prefix) { seen.append("\($0.namespace)|\($0.key)|\(String(decoding: $0.value, as: UTF8.self))") }
        #expect(seen == expected)
    }

    @Test func putReplacesAndDeleteRemoves() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        try await store.write(StorageBatch([
            .put(namespace: "n", key: "k", value: bytes("old")),
            .put(namespace: "n", key: "k", value: bytes("new")),
            .put(namespace: "n", key: "gone", value: bytes("x")),
        ]))
        try await store.write(
            StorageBatch([.delete(namespace: "n", key: "gone"), .delete(namespace: "n", key: "never")]))
        #expect(try store.allRecords() == ["n|k|new"])
    }

    @Test func emptyValuesAndOddKeysRoundTrip() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        let binary: [UInt8] = [0, 255, 1, 0]
        try await store.write(StorageBatch([
            .put(namespace: "", key: "", value: []),
            .put(namespace: "n", key: "nul\u{0}inside", value: binary),
            .put(namespace: "n", key: "emoji 🔥", value: bytes("hot")),
        ]))
        var records: [StorageRecord] = []
        try store.scan { records.append($0) }
        #expect(records == [
            StorageRecord(namespace: "", key: "", value: []),
            StorageRecord(namespace: "n", key: "emoji 🔥", value: bytes("hot")),
            StorageRecord(namespace: "n", key: "nul\u{0}inside", value: binary),
        ])
    }

    @Test func deleteNamespaceRemovesOnlyThatNamespace() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        try await store.write(StorageBatch([
            .put(namespace: "a", key: "1", value: bytes("x")),
            .put(namespace: "a", key: "2", value: bytes("x")),
            .put(namespace: "ab", key: "1", value: bytes("y")),
        ]))
        try await store.write(StorageBatch([.deleteNamespace("a")]))
        #expect(try store.allRecords() == ["ab|1|y"])
    }

    @Test func deletePrefixRemovesASubtreeAndNothingElse() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        let keys = ["rooms/r1", "rooms/r1/m1", "rooms/r1/m2/x", "rooms/r10/m1", "rooms/r1~", "rooms/r2/m1"]
        try await store.write(StorageBatch(keys.map { .put(namespace: "n", key: $0, value: bytes("v")) }
            + [.put(namespace: "other", key: "rooms/r1/m1", value: bytes("v"))]))
        try await store.write(StorageBatch([.deletePrefix(namespace: "n", keyPrefix: "rooms/r1/")]))
        #expect(try store.allRecords() == [
            "n|rooms/r1|v", "n|rooms/r10/m1|v", "n|rooms/r1~|v", "n|rooms/r2/m1|v", "other|rooms/r1/m1|v",
        ])
        try await store.write(StorageBatch([.deletePrefix(namespace: "n", keyPrefix: "")]))
        #expect(try store.allRecords() == ["other|rooms/r1/m1|v"])
    }

    @Test func operationsInABatchApplyInOrder() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        try await store.write(StorageBatch([
            .put(namespace: "n", key: "a/1", value: bytes("x")),
            .deletePrefix(namespace: "n", keyPrefix: "a/"),
            .put(namespace: "n", key: "a/2", value: bytes("y")),
        ]))
        #expect(try store.allRecords() == ["n|a/2|y"])
    }

    @Test func dataSurvivesCloseAndReopen() async throws {
        let temp = try TemporaryDirectory.forStorage()
        do {
            let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
            try await store.write(StorageBatch([.put(namespace: "n", key: "k", value: bytes("v"))]))
            store.close()
            store.close()  // idempotent
        }
        // close() checkpointed the WAL: the main file alone holds the data.
        let walSize = try? FileManager.default.attributesOfItem(atPath: temp.databaseFile + "-wal")[.size] as? Int
        #expect((walSize ?? 0) == 0)
        let reopened = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { reopened.close() }
        #expect(try reopened.allRecords() == ["n|k|v"])
    }

    @Test func waitingOnASettledTicketReturnsAtOnceAndRepeatably() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        let first = store.enqueue(StorageBatch([.put(namespace: "n", key: "1", value: bytes("a"))]))
        let second = store.enqueue(StorageBatch([.put(namespace: "n", key: "2", value: bytes("b"))]))
        #expect(first < second)
        try await store.waitUntilDurable(second)
        try await store.waitUntilDurable(first)
        try await store.waitUntilDurable(second)
        #expect(try store.count() == 2)
    }

    @Test func closeCommitsEverythingQueuedBeforeReturning() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        let tickets = (0..<200).map {
            store.enqueue(StorageBatch([.put(namespace: "n", key: "k\($0)", value: bytes("\($0)"))]))
        }
        store.close()
        for ticket in tickets {
            try await store.waitUntilDurable(ticket)
        }
        let reopened = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { reopened.close() }
        #expect(try reopened.count() == 200)
    }

    @Test func writesAfterCloseFailWithClosed() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        store.close()
        let error = await #expect(throws: StorageError.self) {
            try await store.write(StorageBatch([.put(namespace: "n", key: "k", value: [])]))
        }
        #expect(error?.kind == .closed)
        #expect(throws: StorageError.self) { try store.count() }
    }

    @Test func theDirectoryIsCreatedWithItsParents() throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.path + "/a/b/c", logger: quietLogger)
        defer { store.close() }
        #expect(FileManager.default.fileExists(atPath: temp.path + "/a/b/c/hearth.sqlite"))
        #expect(FileManager.default.fileExists(atPath: temp.path + "/a/b/c/hearth.lock"))
    }
}
