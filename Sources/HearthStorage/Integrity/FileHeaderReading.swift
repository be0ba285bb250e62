#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the start-up checks share to read SQLite's files themselves (before SQLite opens them):
/// big-endian fields, as both the database header and the WAL store them, and the error for a
/// file that cannot be read.
enum FileHeaderReading {
    /// The big-endian 32-bit value at `offset` (the caller checked `offset + 4 <= bytes.count`).
    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// `.io` naming `what` ("data file", "write-ahead log") at `path` and the system's reason
    /// (read from `errno`, so call it right after the failing call).
    static func readError(_ what: String, _ path: String) -> StorageError {
        StorageError(
            .io,
            "Hearth could not read its \(what) \(path): \(String(cString: strerror(errno))). Check the file's "
                + "permissions; Hearth has not modified it.")
    }
}
