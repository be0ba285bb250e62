import Synchronization

/// The connections a server still serves after their connection task returned, counted so
/// ``HTTPServer/run()`` returns only once they have ended too: WebSocket sessions, each on a
/// task of its own, and HTTP/2 connections, served by their streams' tasks alone.
///
/// Why hand them off: a task keeps the memory its deepest await needed (Swift's task allocator
/// keeps its slabs until the task ends), and a connection's task has been through protocol
/// detection (and the upgrade) before the session starts. A WebSocket session's fresh task
/// holds only what the session's own awaits need (about 1 KiB less per idle socket); an HTTP/2
/// connection needs no task of its own at all, since each stream has one (the connection's
/// task, its slabs and its frame were about 3 KiB per idle gRPC Listen connection, heaptrack).
/// Cost: this counter.
final class HandedOffConnections: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `session` on a new task, counted until it returns.
    @discardableResult
    func start(_ session: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        self.enter()
        return Task {
            await session()
            self.leave()
        }
    }

    /// Counts a connection served without a task of its own, until ``leave()``.
    func enter() {
        self.state.withLock { $0.running += 1 }
    }

    /// The connection counted by ``enter()`` (or a session's task) has ended.
    func leave() {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no handed-off connection is served (after the server stopped accepting
    /// connections, so no new one starts).
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
}
