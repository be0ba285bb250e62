import Dispatch
import Foundation

/// One run of a command-line tool (the `hearth` binary, curl, openssl, `ip`), to its end: its
/// exit status and everything it wrote.
///
/// Standard error is drained on a thread of its own while standard output is read, so a tool
/// that writes a lot to both never blocks on a full pipe (reading one pipe to its end, then the
/// other, deadlocks once the second holds more than the pipe's 64 KiB).
public struct ToolRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Runs the executable at `path` with `arguments` and waits for it to exit.
    /// - Throws: if the executable cannot be started.
    public static func run(_ path: String, _ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = ErrorText()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorText.set(errors.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errorText.get(), as: UTF8.self))
    }
}

/// Standard error's bytes, handed from the draining thread to the caller. Safe to share: the
/// one write happens before `drained.signal()`, the one read after `drained.wait()`, and the
/// lock makes that ordering visible to both threads.
private final class ErrorText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ data: Data) {
        self.lock.lock()
        self.data = data
        self.lock.unlock()
    }

    func get() -> Data {
        self.lock.lock()
        defer { self.lock.unlock() }
        return self.data
    }
}
