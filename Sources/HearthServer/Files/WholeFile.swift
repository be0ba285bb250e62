#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small files whole (rules files, `firebase.json`): one `fopen` and 64 KiB reads, with
/// the system's reason when it fails, for messages that name the file and the cause.
enum WholeFile {
    enum Failure: Error {
        /// The file does not exist.
        case missing
        /// Any other failure; the text is `strerror`'s, or "read error".
        case unreadable(String)
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        if ferror(file) != 0 { throw .unreadable("read error") }
        return bytes
    }
}
