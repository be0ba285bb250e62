import Synchronization

/// A first-come, first-served lock for async code: holders run one at a time, waiters resume
/// in the order they came. It keeps a response's head and messages in order when several
/// tasks send on one stream (a bidi call's reader and writer tasks).
///
/// Cancellation does not skip the queue: a cancelled waiter still takes its turn (and its
/// write then fails on the closed stream), which keeps the lock simple and never lost.
///
/// A non-copyable value stored in its ``GRPCResponseSink``, not an object of its own: one
/// allocation fewer per call.
struct GRPCSendLock: ~Copyable, Sendable {
    /// Internal, not private: with a private state, Swift 6.3's debug (per-file) builds emit a
    /// reference to its type descriptor from the sink's file that does not link (a compiler bug
    /// in non-copyable types' generic metadata).
    struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Runs `body` once every earlier holder has finished.
    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await self.acquire()
        defer { self.releaseLock() }
        return try await body()
    }

    private func acquire() async {
        // Uncontended (a unary call, most sends): taken without suspending.
        let taken = self.state.withLock { state in
            guard !state.held else { return false }
            state.held = true
            return true
        }
        if taken { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = self.state.withLock { state in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    private func releaseLock() {
        let next = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
