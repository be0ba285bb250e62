import Synchronization

@testable import HearthServer

/// A `SessionSubscription` whose answers the test sets: what a re-check finds, what it says
/// when cut off; it counts how often it was asked to leave its (absent) store.
final class ScriptedSubscription: SessionSubscription {
    private struct State {
        var recheck: SessionEvent?
        var cutOff: SessionEvent?
        var leaves = 0
        var cutOffs: [SessionBacklog] = []
    }

    private let state = Mutex(State())

    init(cutOff: SessionEvent? = nil) {
        self.state.withLock { $0.cutOff = cutOff }
    }

    /// The next re-checks find access lost with `event` (nil: access holds).
    func loseAccess(with event: SessionEvent?) {
        self.state.withLock { $0.recheck = event }
    }

    var leaves: Int { self.state.withLock { $0.leaves } }
    var cutOffs: [SessionBacklog] { self.state.withLock { $0.cutOffs } }

    func recheck() -> SessionEvent? {
        self.state.withLock { $0.recheck }
    }

    func cutOff(behind backlog: SessionBacklog) -> SessionEvent? {
        self.state.withLock { state in
            state.cutOffs.append(backlog)
            return state.cutOff
        }
    }

    func leave() {
        self.state.withLock { $0.leaves += 1 }
    }
}
