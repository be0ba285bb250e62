#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `DIR/hearth.sqlite-commits`: how many transactions this store has committed, kept beside the
/// database so that start-up can tell when acknowledged transactions are missing from it.
///
/// Why: the database counts its own transactions (the `commits` row of `meta`, updated inside
/// every transaction), but a counter inside the files cannot see that the files lost their
/// newest part: a deleted or truncated WAL replays as an older, self-consistent database. This
/// file holds the count of the last transaction whose `COMMIT` returned, so "the database has
/// fewer transactions than were acknowledged" is visible at the next start.
///
/// Cost, per transaction: one `pwrite` of 42 bytes into the page cache, no fsync (about a
/// microsecond; the fsync that makes the transaction durable is the WAL's). That is enough for
/// what it guards against: a process crash (`kill -9`) keeps the page cache, so the record is
/// exact; after a power loss it may lag behind the WAL (it is written after each `COMMIT`
/// returns, so it never runs ahead of what is durable), which can only hide a loss, never invent
/// one. It is fsynced at open and at a clean close.
///
/// Format: the count as 20 decimal digits, a space, the same again, and a newline, overwritten in
/// place; a torn write shows as two different numbers and is ignored (with a warning).
///
/// Not `Sendable`: owned by the commit writer's thread (created before it starts).
final class CommitRecord {
    /// The file name inside the data directory.
    static let fileName = DurableStore.databaseFileName + "-commits"

    let path: String
    private var descriptor: Int32

    /// What the file says.
    enum Contents: Equatable {
        /// No file: a new directory, or a store from a Hearth that did not keep one.
        case absent
        /// The two copies differ or are not numbers.
        case unreadable
        case count(UInt64)
    }

    /// Reads the record at `path` without creating it.
    static func read(_ path: String) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .absent : .unreadable }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return count == 0 ? .absent : .unreadable }
        let parts = String(decoding: buffer[0..<count], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count == 2, parts[0] == parts[1], let value = UInt64(parts[0]) else { return .unreadable }
        return .count(value)
    }

    /// Opens (creating) the record and writes `count` durably (fsync of the file and its directory).
    init(path: String, count: UInt64) throws(StorageError) {
        self.path = path
        self.descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard self.descriptor >= 0 else {
            throw StorageError(
                errno == EACCES || errno == EROFS ? .readOnly : .io,
                "Hearth could not create \(path): \(String(cString: strerror(errno))). Check that the data "
                    + "directory is writable.")
        }
        self.write(count)
        self.sync()
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    deinit {
        self.release()
    }

    /// Records `count` (page cache only). A failure is not reported: the record only ever helps
    /// to detect a loss, and the transaction it counts is already durable.
    func write(_ count: UInt64) {
        guard self.descriptor >= 0 else { return }
        let digits = String(count)
        let field = String(repeating: "0", count: max(0, 20 - digits.count)) + digits
        var line = field + " " + field + "\n"
        _ = line.withUTF8 { pwrite(self.descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Flushes the record to disk.
    func sync() {
        guard self.descriptor >= 0 else { return }
        _ = fsync(self.descriptor)
    }

    /// Closes the file. Idempotent.
    func release() {
        guard self.descriptor >= 0 else { return }
        close(self.descriptor)
        self.descriptor = -1
    }
}
