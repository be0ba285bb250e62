import Synchronization

/// The task producing one streamed response body, cancellable from callbacks (the server
/// shutting down, the connection closing) until it has finished.
///
/// Why an unstructured task held here, rather than a task group with a second child that
/// waits for those events: a listener is idle almost all the time, and each task costs its
/// object plus a slab of task-local stack; one task per stream instead of two plus a group
/// saves about three KiB per open stream. The handle is dropped once the producer has
/// finished, so a close callback that fires later (the connection's close future outlives
/// the response) holds nothing.
final class StreamProducer: Sendable {
    private let task: Mutex<Task<Result<Void, any Error>, Never>?>

    /// Starts `body` in a new task.
    init(_ body: @escaping @Sendable () async -> Result<Void, any Error>) {
        self.task = Mutex(Task { await body() })
    }

    /// Cancels the producer if it is still running.
    func cancel() {
        self.task.withLock { $0 }?.cancel()
    }

    /// Waits for the producer's result; cancelling the waiting task cancels the producer.
    func result() async -> Result<Void, any Error> {
        guard let task = self.task.withLock({ $0 }) else { return .success(()) }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        self.task.withLock { $0 = nil }
        return result
    }
}
