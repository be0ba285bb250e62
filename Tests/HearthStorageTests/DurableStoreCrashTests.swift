import HearthTesting
import Foundation
import HearthStorage
import Testing

/// `kill -9` of a writing process loses nothing it acknowledged and leaves no partial batch.
///
/// The child is `storage-crash-writer` (built beside the test bundle, or `$HEARTH_STORAGE_CRASH_WRITER`):
/// 8 tasks writing 3-record batches and printing `ack N` after batch N is durable. The test reads
/// its output until enough acks arrived, kills it mid-stream, and reopens the directory.
@Suite struct DurableStoreCrashTests {
    static var writerBinary: String {
        if let path = ProcessInfo.processInfo.environment["HEARTH_STORAGE_CRASH_WRITER"] {
            return path
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("storage-crash-writer").path
    }

    /// Runs the writer in `directory` until it acknowledged at least `acks` batches, kills it with
    /// SIGKILL, and returns the acknowledged batch numbers.
    static func writeUntilKilled(in directory: String, acks: Int) throws -> Set<Int> {
        let binary = Self.writerBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "\(binary) is missing: build the storage-crash-writer target, or set HEARTH_STORAGE_CRASH_WRITER")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.writerBinary)
        process.arguments = [directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        var acknowledged = Set<Int>()
        var pending = [UInt8]()
        let handle = output.fileHandleForReading
        reading: while acknowledged.count < acks {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix("ack "), let number = Int(line.dropFirst(4)) {
                    acknowledged.insert(number)
                } else if line.hasPrefix("error") {
                    Issue.record("writer failed: \(line)")
                    break reading
                }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= acks)
        return acknowledged
    }

    /// The batches found in `store`, checking that each is whole (all three records, or none).
    static func batches(in store: DurableStore) throws -> Set<Int> {
        var found: [Int: [String: String]] = [:]
        try store.scan(namespace: "crash") { record in
            let parts = record.key.split(separator: "/")
            let number = try #require(Int(parts[1]))
            found[number, default: [:]][String(parts[2])] = String(decoding: record.value, as: UTF8.self)
        }
        for (number, records) in found {
            // All three records of a batch, or none: never a partial batch.
            #expect(records == ["a": "value-\(number)", "b": "value-\(number)", "c": "value-\(number)"])
        }
        return Set(found.keys)
    }

    @Test(arguments: [50, 500])
    func everyAcknowledgedBatchSurvivesKillNine(acksBeforeKill: Int) async throws {
        let temp = try TemporaryDirectory.forStorage()
        let acknowledged = try Self.writeUntilKilled(in: temp.dataDirectory, acks: acksBeforeKill)

        // The flock died with the process: reopening works and recovers the WAL.
        let store = try DurableStore(directory: temp.dataDirectory, logger: quietLogger)
        defer { store.close() }
        let found = try Self.batches(in: store)
        for number in acknowledged {
            #expect(found.contains(number), "acknowledged batch \(number) was lost")
        }
    }

    /// The issue's reproduction: after `kill -9`, the WAL is deleted or cut in half. Starting
    /// must never silently come up with fewer acknowledged batches: it is refused exactly when
    /// acknowledged batches are missing (what `--accept-data-loss` then opens shows which).
    @Test(arguments: ["delete", "halve"])
    func aDamagedWALAfterKillNineStopsStartUpWhenAcknowledgedBatchesAreMissing(damage: String) async throws {
        let temp = try TemporaryDirectory.forStorage()
        let acknowledged = try Self.writeUntilKilled(in: temp.dataDirectory, acks: 400)
        let wal = temp.databaseFile + "-wal"
        if damage == "delete" {
            try FileManager.default.removeItem(atPath: wal)
        } else {
            let bytes = try #require(FileManager.default.contents(atPath: wal))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: wal))
        }
        let copy = temp.path + "/accepting"
        try FileManager.default.copyItem(atPath: temp.dataDirectory, toPath: copy)

        var refusal: StorageError?
        do {
            try DurableStore(directory: temp.dataDirectory, logger: quietLogger).close()
        } catch {
            refusal = error
        }
        let store = try DurableStore(directory: copy, acceptingDataLoss: true, logger: quietLogger)
        defer { store.close() }
        let lost = acknowledged.subtracting(try Self.batches(in: store))
        #expect((refusal != nil) == !lost.isEmpty, "\(lost.count) acknowledged batches lost; refusal: \(String(describing: refusal))")
        if let refusal {
            #expect(refusal.kind == .corrupt)
            #expect(refusal.message.contains(wal))
        }
    }
}
