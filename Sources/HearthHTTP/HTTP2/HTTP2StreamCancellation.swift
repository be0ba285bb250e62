import Synchronization

/// Cancels the task serving one HTTP/2 stream: what a responder calls when it must stop its
/// own work from elsewhere (a gRPC deadline passing while a handler waits). A reset of the
/// stream by the client cancels the same task. Cancelling before the task is known cancels it
/// as soon as it is.
public final class HTTP2StreamCancellation: Sendable {
    private enum State {
        case pending
        case running(Task<Void, Never>)
        case cancelled
    }

    private let state = Mutex(State.pending)

    init() {}

    /// Cancels the serving task (its awaits throw `CancellationError`, writes are dropped).
    public func cancel() {
        let task = self.state.withLock { state -> Task<Void, Never>? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        self.state.withLock { if case .cancelled = $0 { true } else { false } }
    }

    func attach(_ task: Task<Void, Never>) {
        let cancelled = self.state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .running(task)
            return false
        }
        if cancelled { task.cancel() }
    }
}
