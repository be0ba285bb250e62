import NIOCore
import Synchronization

/// Drains, once per `StreamOutbox.window`, the outboxes of one event loop's streams that have
/// pieces waiting for their window to end (or for their channel to become writable).
///
/// Why one timer per event loop rather than one per stream: with a thousand busy streams, a
/// timer each per window (NIO's scheduled tasks: an allocation, a promise, a heap insertion)
/// cost more than the writes they spaced out. Here a stream's window costs one append to a
/// list, and the loop drains the whole list in one go.
final class StreamFlusher: Sendable {
    private struct State: Sendable {
        var waiting: [(outbox: StreamOutbox, channel: any Channel)] = []
        var armed = false
    }

    private let loop: any EventLoop
    private let state = Mutex(State())

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Drains `outbox` into `channel` at the end of the current window.
    func enqueue(_ outbox: StreamOutbox, _ channel: any Channel) {
        let arm = self.state.withLock { state -> Bool in
            state.waiting.append((outbox, channel))
            guard !state.armed else { return false }
            state.armed = true
            return true
        }
        if arm {
            self.loop.scheduleTask(in: StreamOutbox.window) { self.flush() }
        }
    }

    private func flush() {
        let waiting = self.state.withLock { state -> [(outbox: StreamOutbox, channel: any Channel)] in
            state.armed = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for (outbox, channel) in waiting { outbox.drain(into: channel) }
    }
}
