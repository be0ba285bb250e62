import HearthTesting
import Synchronization

/// Writes (Firestore commits or RTDB PUTs) at a fixed rate, open loop: write k (from 1) is due
/// at `start + (k-1)/rate`; each of `writers` threads, on its own keep-alive connection, sends
/// the due writes k ≡ its index (mod writers), so a slow acknowledgement delays only that
/// thread's next writes and the schedule does not bend to the server. The send time of every
/// write is kept, for the listeners' latencies, and the time to each acknowledgement.
final class CommitWriter: Sendable {
    let options: BenchOptions
    let service: BenchService
    let total: Int
    private let sendTimes: Mutex<[UInt64]>
    /// When each write's acknowledgement arrived (0 if it failed).
    private let ackTimes: Mutex<[UInt64]>
    private let acknowledgements = Mutex<[UInt64]>([])
    private let failures = Mutex<[String]>([])

    init(options: BenchOptions) {
        self.options = options
        self.service = options.service
        self.total = options.rate * options.seconds
        self.sendTimes = Mutex([UInt64](repeating: 0, count: self.total + 1))
        self.ackTimes = Mutex([UInt64](repeating: 0, count: self.total + 1))
    }

    /// Runs every writer thread to the end of the schedule.
    func run() {
        let start = Monotonic.now() + 10_000_000
        let interval = 1_000_000_000 / UInt64(self.options.rate)
        BenchThreads.runAll((0..<self.options.writers).map { index in
            let thread = WriterThread(writer: self, index: index, start: start, interval: interval)
            return { thread.run() }
        })
    }

    func sendTime(of sequence: Int) -> UInt64 { self.sendTimes.withLock { $0[sequence] } }
    func ackTime(of sequence: Int) -> UInt64 { self.ackTimes.withLock { $0[sequence] } }
    var acknowledged: [UInt64] { self.acknowledgements.withLock { $0 } }
    var failed: [String] { self.failures.withLock { $0 } }

    func commit(_ sequence: Int, on connection: RawHTTPConnection) {
        let request = self.service.writeRequest(sequence)
        let sent = Monotonic.now()
        self.sendTimes.withLock { $0[sequence] = sent }
        do {
            try connection.send(request)
            let response = try connection.readResponse()
            let acknowledged = Monotonic.now()
            guard response.status == 200 else { throw RawHTTPError("\(self.service.wording.write) \(sequence): HTTP \(response.status)") }
            self.ackTimes.withLock { $0[sequence] = acknowledged }
            self.acknowledgements.withLock { $0.append(acknowledged - sent) }
        } catch {
            self.failures.withLock { $0.append("\(error)") }
        }
    }
}
