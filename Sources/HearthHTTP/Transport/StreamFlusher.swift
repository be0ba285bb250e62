import NIOCore
import Synchronization

/// Drains the outboxes of one event loop's streams: those whose pieces must leave now, in one
/// task per ``drainsPerTask`` of them, and those waiting for their `StreamOutbox.window` to end
/// (or for their channel to become writable), once per window.
///
/// Why one task per event loop rather than one per stream: a commit seen by a thousand
/// listeners makes a thousand outboxes ready at once. A task each (a closure, two locks, and
/// a wake-up of the loop whenever it had caught up) cost as much as a socket write; here the
/// first outbox queues one task and the others append to its list, which the loop drains in
/// slices. Likewise a timer each per window (NIO's scheduled tasks: an allocation, a promise,
/// a heap insertion) cost more than the writes they spaced out; a stream's window costs one
/// append to a list.
final class StreamFlusher: Sendable {
    private typealias Entry = (outbox: StreamOutbox, sink: StreamSink)

    /// Outboxes waiting for one drain, and whether the task or timer that drains them is queued.
    private struct Pending: Sendable {
        var entries: [Entry] = []
        var queued = false
    }

    /// The two lists: drained as soon as the loop runs, or when the window ends.
    private enum Moment: Sendable {
        case soon
        case windowEnd
    }

    private struct State: Sendable {
        var soon = Pending()
        var windowEnd = Pending()

        /// Runs `body` on one list in place (no copy of its entries).
        mutating func update<Result>(_ moment: Moment, _ body: (inout Pending) -> Result) -> Result {
            switch moment {
            case .soon: body(&self.soon)
            case .windowEnd: body(&self.windowEnd)
            }
        }
    }

    private let loop: any EventLoop
    private let state = Mutex(State())

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Drains `outbox` into `sink` as soon as the event loop runs.
    func drainSoon(_ outbox: StreamOutbox, _ sink: StreamSink) {
        if self.add((outbox, sink), to: .soon) {
            self.loop.execute { self.drain(.soon) }
        }
    }

    /// Drains `outbox` into `sink` at the end of the current window.
    func enqueue(_ outbox: StreamOutbox, _ sink: StreamSink) {
        if self.add((outbox, sink), to: .windowEnd) {
            self.loop.scheduleTask(in: StreamOutbox.window) { self.drain(.windowEnd) }
        }
    }

    /// Appends `entry`; true when the caller must queue the list's drain (it was not queued).
    private func add(_ entry: Entry, to moment: Moment) -> Bool {
        self.state.withLock { state in
            state.update(moment) { pending in
                pending.entries.append(entry)
                guard !pending.queued else { return false }
                pending.queued = true
                return true
            }
        }
    }

    /// The most outboxes one task drains; the rest go to the back of the loop's queue.
    ///
    /// Why: a commit seen by a thousand listeners makes hundreds of outboxes on each loop ready
    /// at once, some 15 µs of socket writing each. Drained in one go they held the loop for
    /// several milliseconds, and whatever else it had to do waited behind them: the commit's
    /// own response, other clients' requests. In slices, those run between two slices, at a
    /// cost of one task per slice (1,000 listeners, 10 commits/s: acknowledged at p50 8.9 ms
    /// instead of 11.4, RTDB PUTs at 6.3 instead of 10; the rest is the deliveries' CPU).
    static let drainsPerTask = 32

    private func drain(_ moment: Moment) {
        let entries = self.state.withLock { state in
            state.update(moment) { pending in
                defer { pending = Pending() }
                return pending.entries
            }
        }
        self.drain(entries[...])
    }

    private func drain(_ entries: ArraySlice<Entry>) {
        for (outbox, sink) in entries.prefix(Self.drainsPerTask) { outbox.drain(into: sink) }
        let rest = entries.dropFirst(Self.drainsPerTask)
        if !rest.isEmpty { self.loop.execute { self.drain(rest) } }
    }
}
