import HearthTesting
import HearthStorage
import Testing

/// Group commit: many concurrent writers are all durable, in fewer transactions than batches.
@Suite struct DurableStoreConcurrencyTests {
    @Test func sixtyFourConcurrentWritersAreAllDurableAndGrouped() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let writers = 64
        let writesPerWriter = 200
        do {
            let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for write in 0..<writesPerWriter {
                            try await store.write(StorageBatch([
                                .put(namespace: "w\(writer)", key: "\(write)", value: bytes("\(writer)-\(write)"))
                            ]))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let statistics = store.statistics
            #expect(statistics.batchesCommitted == writers * writesPerWriter)
            #expect(statistics.batchesFailed == 0)
            // Grouping happened: far fewer COMMITs (fsyncs) than batches.
            #expect(statistics.transactionsCommitted < writers * writesPerWriter / 4)
            store.close()
        }
        let reopened = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { reopened.close() }
        #expect(try reopened.count() == writers * writesPerWriter)
        for writer in [0, 31, 63] {
            let keys = (0..<writesPerWriter).map { "\($0)" }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let expected = keys.map { "w\(writer)|\($0)|\(writer)-\($0)" }
            #expect(try reopened.allRecords(namespace: "w\(writer)") == expected)
        }
    }

    @Test func batchesAreAppliedInEnqueueOrder() async throws {
        let temp = try TemporaryDirectory.forStorage()
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        var last: StorageTicket?
        for value in 0..<1_000 {
            last = store.enqueue(StorageBatch([.put(namespace: "n", key: "k", value: bytes("\(value)"))]))
        }
        try await store.waitUntilDurable(try #require(last))
        #expect(try store.allRecords() == ["n|k|999"])
        #expect(store.statistics.transactionsCommitted < 1_000)
    }
}
