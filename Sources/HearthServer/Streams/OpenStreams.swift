import HearthHTTP
import Synchronization

/// Every open session (`StreamSession`) of one kind (Firestore listeners, Realtime Database
/// streams) of one server: what the `listeners` admin endpoint counts, and the one task that sends every stream
/// its keep-alives. `Item` is what wakes a stream's task; the registry only ever pushes the
/// kind's keep-alive and re-check items.
///
/// Why one registry rather than a timer task and a rules observer per stream: an idle listener
/// then costs one small entry here, not a sleeping task, which matters with thousands of them.
/// A tick every `keepAlive` pushes a keep-alive into each stream's queue (the stream re-checks
/// the rules then, and its write notices a client that vanished without closing); a rules
/// change pushes a re-check into each. The ticker runs only while a stream is open.
/// (`scope` is the project, or the namespace, a stream belongs to.)
///
/// A stream that was cut off has already left the store, and its queue (closed, or overflowed
/// with keep-alives) refuses items, but its task may be stuck writing its final event to a
/// client that stopped reading, holding the connection. A tick that finds the queue refusing
/// marks the stream; if the next tick finds it still open, the connection is aborted (the
/// entry stays until the stream's task has ended and closed it, so the count never runs ahead
/// of the real state). So a reader that was cut off gets at least one keep-alive interval to
/// read its final event (Firestore's `error`, the end of an RTDB stream), and at most two.
final class OpenStreams<Item: Sendable>: Sendable {
    /// One open stream, as the registry sees it.
    private struct Entry: Sendable {
        let scope: String
        let queue: EventQueue<Item>
        let writer: any ResponseBodyWriter
        /// A tick found the queue refusing items (the stream is ending): abort at the next tick.
        var refused = false
    }

    private struct State: Sendable {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        var tickerRunning = false
    }

    private let state = Mutex(State())
    /// The interval between keep-alives, and the grace a cut-off reader gets.
    let keepAlive: Duration
    private let keepAliveItem: Item
    private let recheckItem: Item

    /// - Parameters:
    ///   - keepAliveItem: pushed to every stream each `keepAlive`.
    ///   - recheckItem: pushed to every stream when the rules change.
    ///   - observeRules: registers a callback with the rules registry whose changes make
    ///     every open stream re-check its access.
    init(
        keepAlive: Duration, keepAliveItem: Item, recheckItem: Item,
        observeRules: (@escaping @Sendable () -> Void) -> Void
    ) {
        self.keepAlive = keepAlive
        self.keepAliveItem = keepAliveItem
        self.recheckItem = recheckItem
        observeRules { [weak self] in self?.recheckAll() }
    }

    /// Adds a stream that has started writing; returns the key to pass to `close`.
    func open(scope: String, queue: EventQueue<Item>, writer: any ResponseBodyWriter) -> UInt64 {
        let (id, startTicker) = self.state.withLock { state -> (UInt64, Bool) in
            state.nextID += 1
            state.entries[state.nextID] = Entry(scope: scope, queue: queue, writer: writer)
            let start = !state.tickerRunning
            state.tickerRunning = true
            return (state.nextID, start)
        }
        if startTicker {
            Task { await self.runTicker() }
        }
        return id
    }

    /// Removes a stream that ended. Idempotent.
    func close(_ id: UInt64) {
        _ = self.state.withLock { $0.entries.removeValue(forKey: id) }
    }

    /// Open streams of `scope`. O(open streams).
    func count(scope: String) -> Int {
        self.state.withLock { state in state.entries.values.reduce(0) { $0 + ($1.scope == scope ? 1 : 0) } }
    }

    /// Tells every stream to check its access again (the rules changed).
    private func recheckAll() {
        self.state.withLock { state in
            for entry in state.entries.values { entry.queue.push(self.recheckItem) }
        }
    }

    private func runTicker() async {
        while true {
            try? await Task.sleep(for: self.keepAlive)
            guard self.tick() else { return }
        }
    }

    /// One keep-alive round; returns false, having marked the ticker stopped, when no stream
    /// is open. Pushing is O(1) per stream and never waits, so it is done under the lock.
    /// Internal, not private, so tests can drive rounds without waiting for the clock.
    func tick() -> Bool {
        let stuck = self.state.withLock { state -> [any ResponseBodyWriter]? in
            guard !state.entries.isEmpty else {
                state.tickerRunning = false
                return nil
            }
            var stuck: [any ResponseBodyWriter] = []
            var refusing: [UInt64] = []
            for (id, entry) in state.entries where !entry.queue.push(self.keepAliveItem) {
                if entry.refused { stuck.append(entry.writer) } else { refusing.append(id) }
            }
            for id in refusing { state.entries[id]?.refused = true }
            return stuck
        }
        guard let stuck else { return false }
        for writer in stuck { writer.abort() }
        return true
    }
}
