import HearthHTTP

/// Passes on the first write of a streamed body, then fails every later one, which ends the
/// producer the way a client that went away would.
final class OneWriteBodyWriter: ResponseBodyWriter {
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

    /// Later pieces are refused, as for a client that stopped reading: the producer ends.
    func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        guard self.writes.next() == 0 else { return false }
        return self.base.send(bytes, backlog: backlog)
    }

    func abort() { self.base.abort() }

    func onStop(_ action: @escaping @Sendable () -> Void) { self.base.onStop(action) }
}
