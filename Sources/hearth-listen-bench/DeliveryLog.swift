import Synchronization

/// What every listener received: one (commit sequence number, arrival time) per snapshot that
/// carried a benchmark write, plus how many listeners saw their initial snapshot and how many
/// were cut off. Shared by the listeners' event loop and the main thread; the lock is taken
/// once per read, by one event-loop thread, so it is uncontended.
final class DeliveryLog: Sendable {
    private struct State {
        var arrivals: [(sequence: UInt32, at: UInt64)] = []
        var ready = 0
        var errors = 0
        var closed = 0
        var reads = 0
    }

    private let state = Mutex(State())

    init(expected: Int) {
        self.state.withLock { $0.arrivals.reserveCapacity(expected) }
    }

    func record(_ sequences: [UInt32], at time: UInt64, initial: Bool, errors: Int) {
        self.state.withLock { state in
            state.reads += 1
            for sequence in sequences { state.arrivals.append((sequence, time)) }
            if initial { state.ready += 1 }
            state.errors += errors
        }
    }

    func recordClosed() {
        self.state.withLock { $0.closed += 1 }
    }

    var ready: Int { self.state.withLock { $0.ready } }
    var deliveries: Int { self.state.withLock { $0.arrivals.count } }
    var errors: Int { self.state.withLock { $0.errors } }
    var closed: Int { self.state.withLock { $0.closed } }
    /// Socket reads that carried at least one snapshot (or the initial one, or an error).
    var reads: Int { self.state.withLock { $0.reads } }

    /// Removes and returns every arrival recorded so far.
    func takeArrivals() -> [(sequence: UInt32, at: UInt64)] {
        self.state.withLock { state in
            defer { state.arrivals = [] }
            return state.arrivals
        }
    }
}
