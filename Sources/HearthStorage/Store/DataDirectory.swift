#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system chores for the data directory: creating it, and looking at files before SQLite does.
enum DataDirectory {
    /// Creates `path` and any missing parents (like `mkdir -p`), mode 0755.
    static func create(_ path: String) throws(StorageError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                let code = errno
                throw StorageError(
                    code == EACCES || code == EROFS ? .readOnly : .io,
                    "Hearth could not create its data directory \(current): \(String(cString: strerror(code))). "
                        + "Create it yourself or pass another --data directory.")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StorageError(.io, "The data path \(path) exists but is not a directory. Pass a directory to --data.")
        }
    }

    /// The size of the file at `path` in bytes, or `nil` if it does not exist.
    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }
}
