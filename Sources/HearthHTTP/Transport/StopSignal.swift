import Synchronization

/// A one-way "stop" flag whose observers run once when it fires: the server's "shutting down"
/// signal, and each streamed response's "stop producing" signal (fired by the shutdown or by
/// the client closing the connection).
///
/// Streamed responses (server-sent events) would otherwise keep a graceful shutdown waiting
/// forever, and hold a vanished client's resources until their next write. Callbacks rather
/// than a task waiting for the event: an idle stream then costs no task for this. Costs one
/// lock and one array entry per observer. An array, not a dictionary: a stream's own signal
/// has one or two observers, and a one-entry dictionary's storage is about twice a one-entry
/// array's (paid per open stream); ids only grow, so the array stays sorted and an observer
/// is found by binary search.
final class StopSignal: Sendable {
    private struct State {
        var isFired = false
        var nextID = 0
        var observers: [(id: Int, action: @Sendable () -> Void)] = []
    }

    private let state = Mutex(State())

    /// Whether ``fire()`` has been called.
    var isFired: Bool {
        self.state.withLock { $0.isFired }
    }

    /// Fires the signal, running every observer once; later calls do nothing.
    func fire() {
        let observers = self.state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isFired else { return [] }
            state.isFired = true
            defer { state.observers.removeAll() }
            return state.observers.map(\.action)
        }
        for observer in observers {
            observer()
        }
    }

    /// Runs `action` when the signal fires, or now if it already has (then returns nil).
    /// Returns the key to pass to ``removeObserver(_:)``.
    func observe(_ action: @escaping @Sendable () -> Void) -> Int? {
        let id = self.state.withLock { state -> Int? in
            guard !state.isFired else { return nil }
            state.nextID += 1
            state.observers.append((state.nextID, action))
            return state.nextID
        }
        if id == nil { action() }
        return id
    }

    /// Forgets an observer that is no longer interested; nil does nothing.
    func removeObserver(_ id: Int?) {
        guard let id else { return }
        self.state.withLock { state in
            var low = 0
            var high = state.observers.count
            while low < high {
                let middle = (low + high) / 2
                if state.observers[middle].id < id { low = middle + 1 } else { high = middle }
            }
            if low < state.observers.count, state.observers[low].id == id { state.observers.remove(at: low) }
        }
    }
}
