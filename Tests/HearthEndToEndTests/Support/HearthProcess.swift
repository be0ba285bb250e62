import Foundation
import HearthTesting

/// A real `hearth serve --port 0 --database-port 0 --auth-port 0` child process, one per test,
/// stopped when released.
///
/// Start-up is awaited by reading the lines the server prints on standard output
/// (`export FIRESTORE_EMULATOR_HOST=127.0.0.1:PORT`, then `FIREBASE_DATABASE_EMULATOR_HOST`,
/// then `FIREBASE_AUTH_EMULATOR_HOST`),
/// never by sleeping. The binary is the one built beside the test bundle, or `$HEARTH_BINARY`.
final class HearthProcess {
    /// The Firestore port.
    let port: Int
    /// The Realtime Database port.
    let databasePort: Int
    /// The Auth emulator's port.
    let authPort: Int
    private let process: Process
    private let stderr: Pipe

    init(_ extraArguments: [String] = []) throws {
        let process = Process()
        process.executableURL = Self.binary
        let storage = extraArguments.contains("--data") ? [] : ["--in-memory"]
        let databasePort = extraArguments.contains("--database-port") ? [] : ["--database-port", "0"]
        // A free port for Auth too, so servers of tests running side by side never share 9099.
        let authPort = extraArguments.contains("--auth-port") ? [] : ["--auth-port", "0"]
        process.arguments = ["serve", "--port", "0", "--log-level", "warning"] + storage + databasePort + authPort + extraArguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        self.process = process
        self.stderr = stderr
        do {
            self.port = try Self.port(after: "FIRESTORE_EMULATOR_HOST=", in: Self.readLine(stdout.fileHandleForReading))
            self.databasePort = try Self.port(after: "FIREBASE_DATABASE_EMULATOR_HOST=", in: Self.readLine(stdout.fileHandleForReading))
            self.authPort = try Self.port(after: "FIREBASE_AUTH_EMULATOR_HOST=", in: Self.readLine(stdout.fileHandleForReading))
        } catch {
            process.terminate()
            throw error
        }
    }

    private static func port(after variable: String, in line: String) throws -> Int {
        guard let range = line.range(of: variable), let port = Int(line[range.upperBound...].split(separator: ":").last ?? "") else {
            throw HearthProcessError(message: "hearth printed no \(variable) line; got \(line.debugDescription)")
        }
        return port
    }

    deinit {
        if self.process.isRunning {
            kill(self.process.processIdentifier, SIGKILL)
            self.process.waitUntilExit()
        }
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status.
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        kill(self.process.processIdentifier, signal)
        self.process.waitUntilExit()
        return self.process.terminationStatus
    }

    /// The server's resident memory (`VmRSS` in `/proc/<pid>/status`), in bytes; nil where
    /// there is no `/proc` (macOS).
    func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(self.process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// How many file descriptors the server holds open (sockets included); nil without `/proc`.
    func openDescriptors() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(self.process.processIdentifier)/fd"))?.count
    }

    /// Everything the server logged so far (only after it exited, or it would block).
    func loggedText() -> String {
        String(decoding: self.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// `Content-Type: application/json`, which admin `POST`s (`:export`) must carry.
    static let json: [(String, String)] = [("Content-Type", "application/json")]

    /// One request on a fresh connection.
    func request(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: String? = nil
    ) throws -> RawHTTPResponse {
        try HTTPTestClient.request(method, path, port: self.port, headers: headers, body: body.map { Array($0.utf8) })
    }

    /// One Realtime Database request on a fresh connection.
    func databaseRequest(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: String? = nil
    ) throws -> RawHTTPResponse {
        try HTTPTestClient.request(method, path, port: self.databasePort, headers: headers, body: body.map { Array($0.utf8) })
    }

    /// One Auth emulator request on a fresh connection.
    func authRequest(_ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil) throws -> RawHTTPResponse {
        try HTTPTestClient.request(method, path, port: self.authPort, headers: headers, body: body.map { Array($0.utf8) })
    }

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["HEARTH_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hearth")
    }

    /// Reads the first line of the child's output, failing (not hanging) if none arrives
    /// within 30 s: `poll` bounds every wait.
    private static func readLine(_ handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(30)
        var pollFD = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while ContinuousClock.now < deadline {
            guard poll(&pollFD, 1, 1_000) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        throw HearthProcessError(message: "hearth printed no complete address line within 30 s (got \(String(decoding: bytes, as: UTF8.self).debugDescription))")
    }
}

struct HearthProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { self.message }
}
