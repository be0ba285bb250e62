#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `DIR/hearth.lock`, held for as long as a store is open.
///
/// Why flock: the kernel releases it when the process dies (even by `kill -9`), so a crash never
/// leaves a stale lock to clean up by hand. The lock belongs to the open file description, so a
/// second `DurableStore` in the *same* process is refused too. The file holds the owner's PID, only
/// to make the "locked" message useful; the lock itself is the flock, not the file's existence.
///
/// Not `Sendable`: owned by the store's lifecycle state, under a mutex.
final class DirectoryLock {
    /// The lock file's path.
    let path: String
    private var descriptor: Int32

    /// Takes the lock without waiting; throws `.locked` naming the holder's PID if it is held.
    init(directory: String) throws(StorageError) {
        let path = directory + "/hearth.lock"
        self.path = path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw StorageError(
                code == EACCES || code == EROFS ? .readOnly : .io,
                "Hearth could not create its lock file \(path): \(String(cString: strerror(code))). "
                    + "Check that the data directory is writable.")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.readHolder(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK {
                throw StorageError(
                    .locked,
                    "The data directory \(directory) is in use by another Hearth server"
                        + (holder.map { " (process \($0))" } ?? "")
                        + ". Stop it first, or start this one with a different --data directory.")
            }
            throw StorageError(.io, "Hearth could not lock \(path): \(String(cString: strerror(code))).")
        }
        self.descriptor = descriptor
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        self.release()
    }

    /// Releases the lock (closing the descriptor drops the flock). Idempotent.
    func release() {
        guard self.descriptor >= 0 else { return }
        close(self.descriptor)
        self.descriptor = -1
    }

    /// The PID written by the current holder, if readable.
    private static func readHolder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).filter { $0.isNumber }
        return text.isEmpty ? nil : text
    }
}
