import HearthHTTP

/// Passes on the first write of a streamed body, then fails every later one, which ends the
/// producer the way a client that went away would.
struct OneWriteBodyWriter: ResponseBodyWriter {
    struct StreamCut: Error {}

    let base: any ResponseBodyWriter
    private let writes = WriteCounter()

    init(base: any ResponseBodyWriter) {
        self.base = base
    }

    func write(_ bytes: [UInt8]) async throws {
        guard self.writes.next() == 0 else { throw StreamCut() }
        try await self.base.write(bytes)
    }
}
