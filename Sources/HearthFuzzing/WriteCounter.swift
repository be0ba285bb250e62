import Synchronization

/// A thread-safe counter: ``next()`` returns 0, 1, 2, … across tasks.
final class WriteCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        self.count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
