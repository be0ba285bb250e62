#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line (`getline`), one line in memory at a time, counting lines for
/// error messages. Not `Sendable`: one import reads it from one task.
final class JSONLinesReader {
    let path: String
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0
    private let stream: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init(path: String) throws(DataTransferError) {
        self.path = path
        guard let stream = fopen(path, "re") else { throw ExportFile.failure("open", path) }
        self.stream = stream
    }

    deinit {
        free(self.buffer)
        fclose(self.stream)
    }

    /// The next line's bytes without its newline, or nil at the end of the file.
    func next() throws(DataTransferError) -> [UInt8]? {
        errno = 0
        let length = getline(&self.buffer, &self.capacity, self.stream)
        guard length >= 0, let buffer = self.buffer else {
            if ferror(self.stream) != 0 { throw ExportFile.failure("read", self.path) }
            return nil
        }
        self.lineNumber += 1
        var bytes = UnsafeRawBufferPointer(start: buffer, count: length)
        if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        if bytes.last == UInt8(ascii: "\r") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return Array(bytes)
    }
}
