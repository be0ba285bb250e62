import Synchronization

/// The WebSocket sessions a server serves on tasks of their own, counted so ``HTTPServer/run()``
/// returns only once they have ended too.
///
/// Why a task of its own per session, and not the connection's task: a task keeps the memory
/// its deepest await needed (Swift's task allocator keeps its slabs until the task ends), and a
/// connection's task has been through protocol detection and the upgrade before the session
/// starts; a fresh task holds only what the session's own awaits need (about 1 KiB less per
/// idle socket). Cost: this counter; one task per session, as before.
final class WebSocketSessionTasks: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `session` on a new task, counted until it returns.
    @discardableResult
    func start(_ session: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        self.state.withLock { $0.running += 1 }
        return Task {
            await session()
            self.finished()
        }
    }

    /// Returns once no session is running (after the server stopped accepting connections,
    /// so no new one starts).
    func allEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = self.state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func finished() {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
