import HearthHTTP
import Synchronization

/// Runs a call's handler against its deadline (`grpc-timeout`): when the deadline passes
/// first, DEADLINE_EXCEEDED is written from a task of its own (the stream's task is about to
/// be cancelled, and a cancelled task cannot write), then the stream's task is cancelled so
/// the handler's awaits end. Made only for a call that has a deadline.
final class GRPCDeadlineWatch: Sendable {
    let deadline: ContinuousClock.Instant
    let sink: GRPCResponseSink
    let cancellation: HTTP2StreamCancellation
    private let ending = Mutex<Task<Void, Never>?>(nil)

    init(deadline: ContinuousClock.Instant, sink: GRPCResponseSink, cancellation: HTTP2StreamCancellation) {
        self.deadline = deadline
        self.sink = sink
        self.cancellation = cancellation
    }

    /// Runs `body`, racing the deadline.
    func run(_ body: () async throws -> Void) async throws {
        let deadline = self.deadline
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                try await Task.sleep(until: deadline, clock: .continuous)
                self.expire()
            }
            defer { group.cancelAll() }
            try await body()
        }
    }

    /// Whether the deadline ended the call; if so, waits until its status has been written.
    func expired() async -> Bool {
        guard let ending = self.ending.withLock({ $0 }) else { return false }
        await ending.value
        return true
    }

    private func expire() {
        let sink = self.sink
        let task = Task<Void, Never> {
            try? await sink.finish(GRPCStatus(.deadlineExceeded, "Deadline exceeded: the call took longer than its grpc-timeout."))
        }
        self.ending.withLock { $0 = task }
        self.cancellation.cancel()
    }
}
