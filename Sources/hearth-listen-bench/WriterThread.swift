import HearthTesting

/// One writer thread's share of the schedule.
final class WriterThread: Sendable {
    let writer: CommitWriter
    let index: Int
    let start: UInt64
    let interval: UInt64

    init(writer: CommitWriter, index: Int, start: UInt64, interval: UInt64) {
        self.writer = writer
        self.index = index
        self.start = start
        self.interval = interval
    }

    func run() {
        guard let connection = try? RawHTTPConnection(port: self.writer.options.port) else {
            print("hearth-listen-bench: a writer could not connect")
            return
        }
        var sequence = self.index + 1
        while sequence <= self.writer.total {
            Monotonic.sleep(until: self.start + UInt64(sequence - 1) * self.interval)
            self.writer.commit(sequence, on: connection)
            sequence += self.writer.options.writers
        }
    }
}
