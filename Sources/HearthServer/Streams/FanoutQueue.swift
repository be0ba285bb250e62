import Synchronization

/// What a fan-out (`ListenFanout`, `DatabaseStreamFanout`) has yet to deliver, and the one task
/// that delivers it: entries are appended by the stores' sinks, under their locks, so appending
/// is one short lock and never waits; the task is started by the append that finds it idle and
/// takes everything pending at each turn, so a burst of commits wakes it once.
final class FanoutQueue<Entry: Sendable>: Sendable {
    private struct State: Sendable {
        var pending: [Entry] = []
        var running = false
    }

    private let state = Mutex(State())
    /// The most entries reserved ahead for the next batch (a few thousand listeners' worth).
    private static var reserved: Int { 4096 }

    init() {}

    /// Appends `entry`; returns true when the caller must start the delivering task (it was idle).
    func append(_ entry: Entry) -> Bool {
        self.state.withLock { state in
            state.pending.append(entry)
            guard !state.running else { return false }
            state.running = true
            return true
        }
    }

    /// Everything pending, or nil (and the task marked idle) when there is nothing: the task
    /// returns then, and the next `append` starts it again.
    func takeBatch() -> [Entry]? {
        self.state.withLock { state in
            guard !state.pending.isEmpty else {
                state.running = false
                state.pending = []  // the room reserved below, released while idle
                return nil
            }
            let batch = state.pending
            // The next batch is likely as large (a commit seen by every listener): room for it
            // at once rather than a dozen doublings, each copying what was appended so far;
            // at most `reserved` entries, so a burst leaves no large array behind.
            state.pending = []
            state.pending.reserveCapacity(min(batch.count, Self.reserved))
            return batch
        }
    }
}
