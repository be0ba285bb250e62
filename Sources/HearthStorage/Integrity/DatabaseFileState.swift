#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the first 100 bytes of `hearth.sqlite` say, read before SQLite opens it.
///
/// Why: SQLite treats an empty main file as a new database and then ignores (and at close
/// deletes) the WAL beside it, so a truncated main file would silently start an empty store;
/// and a file cut short is only noticed by SQLite when a read reaches the missing pages. The
/// header names its page size (offset 16) and page count (offset 28, valid when the "version
/// valid for" number at offset 92 equals the change counter at offset 24), which tells a
/// truncated file at a glance. Cost: one `open` and a 100-byte read.
enum DatabaseFileState: Sendable, Equatable {
    /// No file: a new data directory (or a deleted file).
    case missing
    /// Zero bytes: SQLite creates it so, and a crash before the first commit leaves it so.
    case empty
    /// Fewer bytes than a header, or a header that is not SQLite's.
    case notADatabase(size: Int)
    /// The file is shorter than the pages its header counts.
    case truncated(size: Int, expected: Int)
    /// A plausible SQLite file.
    case present(size: Int)

    /// Reads the header of the file at `path`.
    /// - Throws: `.io` if the file exists but cannot be read.
    static func read(_ path: String) throws(StorageError) -> DatabaseFileState {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .missing }
            throw FileHeaderReading.readError("data file", path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileHeaderReading.readError("data file", path) }
        let size = Int(info.st_size)
        if size == 0 { return .empty }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard count >= 0 else { throw FileHeaderReading.readError("data file", path) }
        guard count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            return .notADatabase(size: size)
        }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pages = Int(FileHeaderReading.bigEndian(header, 28))
        if FileHeaderReading.bigEndian(header, 24) == FileHeaderReading.bigEndian(header, 92), pageSize >= 512, size < pages * pageSize {
            return .truncated(size: size, expected: pages * pageSize)
        }
        return .present(size: size)
    }
}
