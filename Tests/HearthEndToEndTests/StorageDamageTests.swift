import Foundation
import HearthTesting
import Testing

/// Through the real binary: a data directory that lost acknowledged writes stops start-up with a
/// message naming the file, until `--accept-data-loss`; and a full disk refuses writes only until
/// there is room again, with no restart.
@Suite struct StorageDamageTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    /// Runs `hearth serve` expecting it to exit at start-up; returns its status and what it
    /// logged. A server that starts instead is killed and recorded as an issue.
    static func refusedStart(_ arguments: [String]) throws -> (status: Int32, log: String) {
        let process = Process()
        process.executableURL = HearthProcess.binary
        process.arguments = ["serve", "--port", "0", "--database-port", "0", "--auth-port", "0", "--log-level", "warning"] + arguments
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("hearth serve \(arguments) started (or hung) instead of refusing to start")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// The copies of a damaged write-ahead log Hearth made in `directory`.
    static func walCopies(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("hearth.sqlite-wal.damaged-") }
    }

    /// Writes `count` documents and kills the server with SIGKILL: every write acknowledged, all
    /// of them still only in the write-ahead log.
    func crashAfterWriting(_ count: Int) throws -> String {
        let directory = self.temporary.path
        let server = try HearthProcess(["--data", directory])
        for index in 0..<count {
            let response = try server.request("PATCH", documentsURL("damage", "docs/d\(index)"), body: #"{"fields":{"n":{"integerValue":"\#(index)"}}}"#)
            #expect(response.status == 200)
        }
        _ = server.stop(signal: SIGKILL)
        return directory
    }

    @Test func aDataFileTruncatedAfterKillNineStopsStartUpUntilTheLossIsAccepted() throws {
        let directory = try self.crashAfterWriting(20)
        let database = directory + "/hearth.sqlite"
        try Data().write(to: URL(fileURLWithPath: database))
        let wal = try #require(FileManager.default.contents(atPath: database + "-wal"))

        let refused = try Self.refusedStart(["--data", directory])
        #expect(refused.status != 0)
        #expect(refused.log.contains("\(database) is empty (0 bytes) but its write-ahead log"), "\(refused.log)")
        #expect(refused.log.contains("--accept-data-loss"))
        #expect(FileManager.default.contents(atPath: database + "-wal") == wal)
        #expect(Self.walCopies(in: directory).count == 1)

        let accepted = try HearthProcess(["--data", directory, "--accept-data-loss"])
        #expect(try accepted.request("GET", documentsURL("damage", "docs/d0")).status == 404)
        #expect(try accepted.request("PATCH", documentsURL("damage", "docs/new"), body: "{}").status == 200)
        #expect(accepted.stop() == 0)
        #expect(accepted.loggedText().contains("Starting anyway (--accept-data-loss)"))
        // Accepted once: later starts are normal, and the copy of the log is still there.
        let again = try HearthProcess(["--data", directory])
        #expect(try again.request("GET", documentsURL("damage", "docs/new")).status == 200)
        #expect(Self.walCopies(in: directory).count == 1)
    }

    @Test func aDeletedWriteAheadLogAfterKillNineStopsStartUp() throws {
        let directory = try self.crashAfterWriting(20)
        try FileManager.default.removeItem(atPath: directory + "/hearth.sqlite-wal")
        let refused = try Self.refusedStart(["--data", directory])
        #expect(refused.status != 0)
        #expect(refused.log.contains("but 20 were acknowledged"), "\(refused.log)")
        #expect(refused.log.contains("hearth.sqlite-wal (it is missing)"))
    }

    /// A tmpfs of 3 MiB holds the data directory and a 1 MiB ballast file: documents of 64 KiB
    /// fill it until a write fails; deleting the ballast makes room, and the next write succeeds
    /// on the same server. Every acknowledged document survives a `kill -9`, the refused one
    /// does not exist. Needs root (mount); skipped elsewhere.
    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a small tmpfs needs root (CAP_SYS_ADMIN)"))
    func writesSucceedAgainOnceAFullDiskHasRoomWithoutARestart() throws {
        let disk = try SmallFileSystem(at: self.temporary.path + "/disk", megabytes: 3)
        defer { disk.unmount() }
        let ballast = disk.path + "/ballast"
        try Data(repeating: 1, count: 1 << 20).write(to: URL(fileURLWithPath: ballast))
        let directory = disk.path + "/data"
        let server = try HearthProcess(["--data", directory])
        let text = String(repeating: "x", count: 64 * 1024)
        var acknowledged = 0
        var failure: RawHTTPResponse?
        while failure == nil, acknowledged < 100 {
            let response = try server.request(
                "PATCH", documentsURL("full", "docs/d\(acknowledged)"), body: #"{"fields":{"t":{"stringValue":"\#(text)"}}}"#)
            if response.status == 200 { acknowledged += 1 } else { failure = response }
        }
        let full = try #require(failure, "the 3 MiB disk never filled up")
        #expect(full.status == 503)
        #expect(full.bodyText.contains("Free some space and retry"), "\(full.bodyText)")
        // Still full: the next write is tried, and refused for the same reason (not "restart").
        let stillFull = try server.request("PATCH", documentsURL("full", "docs/refused"), body: #"{"fields":{"t":{"stringValue":"\#(text)"}}}"#)
        #expect(stillFull.status == 503)
        #expect(stillFull.bodyText.contains("Free some space and retry"))
        #expect(!stillFull.bodyText.contains("Writes are disabled"))

        try FileManager.default.removeItem(atPath: ballast)
        let retried = try server.request(
            "PATCH", documentsURL("full", "docs/d\(acknowledged)"), body: #"{"fields":{"t":{"stringValue":"\#(text)"}}}"#)
        #expect(retried.status == 200, "\(retried.bodyText)")
        if retried.status == 200 { acknowledged += 1 }
        _ = server.stop(signal: SIGKILL)

        let restarted = try HearthProcess(["--data", directory])
        for index in 0..<acknowledged {
            #expect(try restarted.request("GET", documentsURL("full", "docs/d\(index)")).status == 200, "d\(index) lost")
        }
        #expect(try restarted.request("GET", documentsURL("full", "docs/refused")).status == 404)
    }
}

/// A tmpfs of a few MiB mounted for one test, so a real disk-full error can happen.
final class SmallFileSystem {
    let path: String

    /// Whether this process may mount one (tried once on a scratch directory).
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-mount-probe-\(UUID().uuidString)").path
        guard let system = try? SmallFileSystem(at: probe, megabytes: 1) else { return false }
        system.unmount()
        return true
    }()

    init(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
        let status = Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw HearthProcessError(message: "mount -t tmpfs on \(path) failed with status \(status)")
        }
    }

    func unmount() {
        _ = Self.run("/usr/bin/umount", [self.path])
        try? FileManager.default.removeItem(atPath: self.path)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
