import Foundation

/// A fresh directory under the system's temporary directory (`hearth-<purpose>-<UUID>`), removed
/// with everything in it when the last reference goes: a test suite that keeps one as a stored
/// property (Swift Testing makes an instance per test) leaves nothing behind in `/tmp`, which
/// on a CI machine or a developer's laptop otherwise fills with one directory per test run.
public final class TemporaryDirectory: Sendable {
    public let path: String

    /// Creates the directory.
    /// - Throws: when it cannot be created (a full or read-only temporary directory).
    public init(_ purpose: String) throws {
        self.path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-\(purpose)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: self.path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.path)
    }

    /// The path of `name` (`a/b.json` is fine) inside the directory; nothing is created.
    public func path(_ name: String) -> String { self.path + "/" + name }

    /// Writes `text` to `name` inside the directory, making the folders on the way, and returns
    /// the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let url = URL(fileURLWithPath: self.path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
