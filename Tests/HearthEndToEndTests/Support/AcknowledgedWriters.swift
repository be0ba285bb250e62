import Foundation
import Synchronization

/// The writers of the `kill -9` tests: `writers` threads, each writing its own increasing
/// values (`writer * 100_000 + index`) one at a time, until `count` writes have been
/// acknowledged in all or a write fails (the server is gone). The caller then kills the server
/// and checks, after a restart, that every acknowledged value is there (``lastValue(of:in:)``).
enum AcknowledgedWriters {
    /// Runs the writers; `write(writer, value)` sends one write and says whether it was
    /// acknowledged. Returns the acknowledged values.
    static func run(writers: Int = 8, until count: Int, _ write: @Sendable (_ writer: Int, _ value: Int) -> Bool) -> [Int] {
        let acknowledged = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            var index = 0
            while acknowledged.withLock({ $0.count }) < count {
                let value = writer * 100_000 + index
                index += 1
                guard write(writer, value) else { return }
                acknowledged.withLock { $0.append(value) }
            }
        }
        return acknowledged.withLock { $0 }
    }

    /// The newest value `writer` had acknowledged in `values`; nil when none.
    static func lastValue(of writer: Int, in values: [Int]) -> Int? {
        values.filter { $0 / 100_000 == writer }.max()
    }
}
