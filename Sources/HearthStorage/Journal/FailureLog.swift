/// The errors of failed batches, by sequence, for tickets waited on after they settled and for
/// checking a batch's `after` dependency; bounded.
///
/// Why bounded: since a full disk no longer stops writes, every write a client sends while the
/// disk is full fails and is remembered here. Only the newest ``limit`` failures are kept (oldest
/// forgotten first), and equal consecutive errors share one message buffer, so the log holds at
/// most about `limit` × (64 bytes + one message when all differ): about 1 MB typically, 8 MB at
/// worst.
///
/// What forgetting costs: a wait that starts only after more than `limit` later failures, on a
/// ticket that is not remembered, cannot tell success from a forgotten failure and reports
/// ``Outcome/forgotten`` (Hearth's stores always wait right after enqueueing, so they never do).
///
/// Not `Sendable` on its own: it lives inside ``CommitQueue``'s mutex.
struct FailureLog {
    /// What is known of a settled sequence.
    enum Outcome {
        case failed(StorageError)
        case forgotten
        case notFailed
    }

    let limit: Int
    private var errors: [UInt64: StorageError] = [:]
    private var order: [UInt64] = []
    private var orderStart = 0
    /// Every forgotten failure has a sequence at or below this.
    private var forgottenThrough: UInt64 = 0
    private var last: StorageError?

    init(limit: Int = 16_384) {
        self.limit = limit
    }

    /// Remembers that `sequence` failed with `error`, forgetting the oldest failure beyond the limit.
    mutating func record(_ sequence: UInt64, _ error: StorageError) {
        var error = error
        if let last = self.last, last.kind == error.kind, last.message == error.message {
            error = last
        }
        self.last = error
        if self.errors.updateValue(error, forKey: sequence) == nil {
            self.order.append(sequence)
        }
        while self.errors.count > self.limit {
            let oldest = self.order[self.orderStart]
            self.orderStart += 1
            self.errors[oldest] = nil
            self.forgottenThrough = max(self.forgottenThrough, oldest)
        }
        if self.orderStart > 1_024 && self.orderStart * 2 > self.order.count {
            self.order.removeFirst(self.orderStart)
            self.orderStart = 0
        }
    }

    /// The error `sequence` failed with, if remembered.
    func error(of sequence: UInt64) -> StorageError? {
        self.errors[sequence]
    }

    /// What is known of the settled `sequence`.
    func outcome(of sequence: UInt64) -> Outcome {
        if let error = self.errors[sequence] { return .failed(error) }
        return sequence <= self.forgottenThrough ? .forgotten : .notFailed
    }
}
