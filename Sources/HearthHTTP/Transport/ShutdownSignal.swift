import Synchronization

/// A one-way "the server is shutting down" flag that tasks can await.
///
/// Streamed responses (server-sent events) would otherwise keep a graceful shutdown waiting
/// forever, so each one races its producer against this signal and cancels the producer when
/// it fires. Waiting is cancellation-aware, so the watcher of a stream that ended on its own
/// goes away at once. Costs one lock and one continuation per waiter.
final class ShutdownSignal: Sendable {
    private struct State {
        var isFired = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waiters cancelled before they registered their continuation.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Whether ``fire()`` has been called.
    var isFired: Bool {
        self.state.withLock { $0.isFired }
    }

    /// Fires the signal, resuming every waiter; later calls do nothing.
    func fire() {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.isFired else { return [] }
            state.isFired = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once the signal fires or the calling task is cancelled.
    func wait() async {
        let id = self.state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = self.state.withLock { state -> Bool in
                    if state.isFired || state.cancelledEarly.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                if !state.isFired { state.cancelledEarly.insert(id) }
                return nil
            }
            waiter?.resume()
        }
    }
}
