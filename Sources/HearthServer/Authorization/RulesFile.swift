#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rules file on disk, read whole, with a cheap change signature so a reload costs one
/// `stat(2)` per check (a few microseconds: a path lookup in the kernel) and a read + compile
/// only when the file changed.
struct RulesFile: Sendable {
    /// What identifies one version of the file: a rewrite in place or an editor's
    /// rename-over-the-old-file both change at least one of these.
    struct Signature: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    let path: String

    /// The current signature, or nil when the file cannot be examined (missing, no permission).
    func signature() -> Signature? {
        var info = stat()
        guard stat(self.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Signature(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }

    /// The file's text.
    /// - Throws: `RulesLoadError` naming the file and the system's reason.
    func read() throws(RulesLoadError) -> String {
        do {
            return String(decoding: try WholeFile.read(self.path), as: UTF8.self)
        } catch {
            let reason = if case .unreadable(let text) = error { text } else { "No such file or directory" }
            throw RulesLoadError("Cannot read the rules file \(self.path): \(reason).")
        }
    }

}
