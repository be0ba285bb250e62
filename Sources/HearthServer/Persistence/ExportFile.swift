#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of an export being written: appends go through a 1 MiB buffer, `finish()` flushes,
/// fsyncs and closes.
///
/// Why not `FileHandle`: its errors are Objective-C exceptions on some platforms, and we need
/// the errno text for the message. Memory: at most the buffer, whatever the file's size.
/// Not `Sendable`: one export writes it from one thread.
final class ExportFile {
    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 20

    /// Creates (or truncates) `path`, mode 0644.
    init(path: String) throws(DataTransferError) {
        self.path = path
        self.descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard self.descriptor >= 0 else { throw Self.failure("create", path) }
        self.buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if self.descriptor >= 0 { close(self.descriptor) }
    }

    func append(_ bytes: [UInt8]) throws(DataTransferError) {
        self.buffer.append(contentsOf: bytes)
        if self.buffer.count >= Self.bufferSize { try self.flush() }
    }

    /// Writes what is buffered, fsyncs and closes: once this returns the file's bytes are on disk.
    func finish() throws(DataTransferError) {
        try self.flush()
        guard fsync(self.descriptor) == 0 else { throw Self.failure("fsync", self.path) }
        let result = close(self.descriptor)
        self.descriptor = -1
        guard result == 0 else { throw Self.failure("close", self.path) }
    }

    private func flush() throws(DataTransferError) {
        var offset = 0
        while offset < self.buffer.count {
            let written = self.buffer.withUnsafeBytes { raw in
                write(self.descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write", self.path)
            }
            offset += written
        }
        self.buffer.removeAll(keepingCapacity: true)
    }

    /// fsyncs a directory, so the names created in it (files, renames) are durable too.
    static func syncDirectory(_ path: String) throws(DataTransferError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Self.failure("fsync", path) }
    }

    static func failure(_ action: String, _ path: String) -> DataTransferError {
        let code = errno
        return DataTransferError("Could not \(action) \(path): \(String(cString: strerror(code))).", code: code)
    }
}
