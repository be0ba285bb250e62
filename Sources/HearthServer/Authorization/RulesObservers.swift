import Synchronization

/// Whoever must hear that the rules in force changed (open listen streams re-check their
/// access then): shared by the Firestore and Realtime Database rules registries.
/// Cost: one lock per add, remove or notification; observers are called outside the lock.
final class RulesObservers: Sendable {
    private struct State: Sendable {
        var observers: [Int: @Sendable () -> Void] = [:]
        var next = 0
    }

    private let state = Mutex(State())

    /// Calls `observer` after every change; returns the key to pass to ``remove(_:)``.
    func add(_ observer: @escaping @Sendable () -> Void) -> Int {
        self.state.withLock { state in
            state.next += 1
            state.observers[state.next] = observer
            return state.next
        }
    }

    func remove(_ key: Int) {
        _ = self.state.withLock { $0.observers.removeValue(forKey: key) }
    }

    func notify() {
        for observer in self.state.withLock({ Array($0.observers.values) }) { observer() }
    }
}
