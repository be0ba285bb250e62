import Synchronization

/// A bounded, single-consumer queue between producers that must never wait (a store's commit
/// path calls `push` under its lock) and one stream writer that may be slow (a client on a
/// bad network).
///
/// Why bounded and closing: a reader that falls behind must not make writers wait or memory
/// grow without limit. When more than `capacity` items are waiting, the queue drops them all,
/// remembers that it overflowed, and the consumer gets `.overflowed` once — it then sends a
/// final error event and ends the stream, releasing everything. Costs O(1) per push and pop.
public final class EventQueue<Element: Sendable>: Sendable {
    /// What the consumer gets next.
    public enum Next: Sendable {
        case element(Element)
        /// The reader fell more than `capacity` items behind; the queue is now closed.
        case overflowed
        /// `close()` was called, or the consumer's task was cancelled.
        case closed
    }

    private struct State: Sendable {
        var items: [Element] = []
        var head = 0
        var waiter: CheckedContinuation<Void, Never>?
        var overflowed = false
        var closed = false
    }

    private let state = Mutex(State())
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `element` without ever waiting. Returns false when the queue is closed or has
    /// just overflowed (the producer should then stop sending to it).
    @discardableResult
    public func push(_ element: Element) -> Bool {
        let (accepted, waiter) = self.state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard !state.closed else { return (false, nil) }
            if state.items.count - state.head >= self.capacity {
                state.items = []
                state.head = 0
                state.overflowed = true
                state.closed = true
            } else {
                state.items.append(element)
            }
            let waiter = state.waiter
            state.waiter = nil
            return (!state.overflowed, waiter)
        }
        waiter?.resume()
        return accepted
    }

    /// Ends the queue; the consumer drains what is queued, then gets `.closed`.
    public func close() {
        let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.closed = true
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// The next element, waiting for one if needed. Only one task may call this.
    public func next() async -> Next {
        while true {
            let outcome = self.state.withLock { state -> Next? in
                if state.overflowed { return .overflowed }
                if state.head < state.items.count {
                    let element = state.items[state.head]
                    state.head += 1
                    if state.head > 64, state.head * 2 > state.items.count {
                        state.items.removeFirst(state.head)
                        state.head = 0
                    }
                    return .element(element)
                }
                return state.closed ? .closed : nil
            }
            if let outcome { return outcome }
            if Task.isCancelled { return .closed }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = self.state.withLock { state -> Bool in
                        if state.closed || state.overflowed || state.head < state.items.count { return true }
                        state.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                self.close()
            }
        }
    }
}
