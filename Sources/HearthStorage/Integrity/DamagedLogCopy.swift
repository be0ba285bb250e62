#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A copy of a damaged WAL, `hearth.sqlite-wal.damaged-<UTC time>`, made before start-up is refused
/// (or before SQLite is allowed to discard the log under `--accept-data-loss`).
///
/// Why a copy and not a rename: the original stays exactly where SQLite and recovery tools expect
/// it. Why reuse: a server restarted in a loop must not fill the disk with identical copies, so
/// an existing copy with the same bytes is named instead. Cost: one read and one write of the log
/// (and a comparison read per earlier copy of the same size), then an fsync.
enum DamagedLogCopy {
    /// Copies `path` aside (or finds an identical earlier copy) and returns the copy's path.
    /// - Throws: `.io`/`.full` if the copy cannot be written; the original is untouched either way.
    static func make(of path: String) throws(StorageError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let size = DataDirectory.fileSize(path) ?? 0
        for existing in Self.entries(of: directory) where existing.hasPrefix(name + ".damaged-") {
            let candidate = directory + "/" + existing
            if DataDirectory.fileSize(candidate) == size, Self.sameBytes(path, candidate) {
                return candidate
            }
        }
        let copy = path + ".damaged-" + Self.timestamp()
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw Self.failure(copy, errno) }
        defer { close(source) }
        let target = open(copy, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard target >= 0 else { throw Self.failure(copy, errno) }
        defer { close(target) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure(copy, errno) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(target, $0.baseAddress! + written, count - written) }
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { throw Self.failure(copy, errno) }
                written += result
            }
        }
        guard fsync(target) == 0 else { throw Self.failure(copy, errno) }
        return copy
    }

    /// The current UTC time as `20261124T041500Z`.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }

    private static func sameBytes(_ first: String, _ second: String) -> Bool {
        let a = open(first, O_RDONLY | O_CLOEXEC)
        let b = open(second, O_RDONLY | O_CLOEXEC)
        defer {
            if a >= 0 { close(a) }
            if b >= 0 { close(b) }
        }
        guard a >= 0, b >= 0 else { return false }
        var left = [UInt8](repeating: 0, count: 1 << 16)
        var right = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let l = left.withUnsafeMutableBytes { read(a, $0.baseAddress, $0.count) }
            let r = right.withUnsafeMutableBytes { read(b, $0.baseAddress, $0.count) }
            guard l == r, l >= 0 else { return false }
            if l == 0 { return true }
            guard left[0..<l] == right[0..<r] else { return false }
        }
    }

    private static func failure(_ copy: String, _ code: Int32) -> StorageError {
        StorageError(
            code == ENOSPC ? .full : .io,
            "Hearth could not copy the damaged write-ahead log to \(copy): \(String(cString: strerror(code))). The "
                + "original is untouched; free some space (or fix the permissions) and retry.")
    }
}
