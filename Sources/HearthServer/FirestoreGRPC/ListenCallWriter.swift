import HearthHTTP
import Synchronization

/// A gRPC `Listen` call's body as the `ResponseBodyWriter` a `StreamSession` writes to: what
/// the session queues (framed `ListenResponse` messages) waits here, and one task (`drain`)
/// moves it onto the call, waiting for HTTP/2 flow control there instead of in the writers.
///
/// Why a queue of its own: the session's producers (the fan-out's one task, the rules
/// re-checks) must never wait for a client (`ResponseBodyWriter.send`), but a gRPC call's sends
/// wait for its flow-control window. Bounded in bytes: `send` refuses once more than `bound`
/// bytes (the session's `--stream-buffer`) or `backlog` pieces are waiting, and the refusal cuts
/// the stream off (`wasCutOff`): the queue is dropped at once and the call ends with
/// RESOURCE_EXHAUSTED, which the SDKs treat as transient (they reconnect and resume). So a
/// reader that stops reading costs at most `bound` bytes plus one piece here (a piece is taken
/// whole, so a large first snapshot is never refused), plus the batch being written and HTTP/2's
/// window, and never blocks a writer.
final class ListenCallWriter: ResponseBodyWriter {
    private struct State: Sendable {
        var queue: [SharedBytes] = []
        var queuedBytes = 0
        var waiter: CheckedContinuation<Void, Never>?
        /// No more bytes will come: drain what is queued, then return.
        var finished = false
        /// The call is over (client gone, aborted): drop everything, return at once.
        var stopped = false
        var cutOff = false
        var stopActions: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    /// Bytes that may wait for the client.
    let bound: Int

    init(bound: Int) {
        self.bound = bound
    }

    /// Whether a `send` was refused for the bound (the call ends with RESOURCE_EXHAUSTED).
    var wasCutOff: Bool { self.state.withLock { $0.cutOff } }

    func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        let (accepted, waiter) = self.state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard !state.stopped, !state.finished, !state.cutOff else { return (false, nil) }
            if state.queuedBytes > self.bound || state.queue.count >= backlog {
                state.cutOff = true
                state.queue = []
                state.queuedBytes = 0
                return (false, state.waiter.take())
            }
            state.queue.append(bytes)
            state.queuedBytes += bytes.count
            return (true, state.waiter.take())
        }
        waiter?.resume()
        return accepted
    }

    /// Queues `bytes` past the bound (a session's final words) without waiting.
    func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.stopped else { return nil }
            state.queue.append(SharedBytes(bytes))
            state.queuedBytes += bytes.count
            return state.waiter.take()
        }
        waiter?.resume()
    }

    func abort() {
        self.stop()
    }

    func onStop(_ action: @escaping @Sendable () -> Void) {
        let now = self.state.withLock { state -> Bool in
            guard !state.stopped else { return true }
            state.stopActions.append(action)
            return false
        }
        if now { action() }
    }

    /// Ends the call now: queued bytes are dropped, `drain` returns, the session is told to stop.
    func stop() {
        let (actions, waiter) = self.state.withLock { state -> ([@Sendable () -> Void], CheckedContinuation<Void, Never>?) in
            guard !state.stopped else { return ([], nil) }
            state.stopped = true
            state.queue = []
            state.queuedBytes = 0
            defer { state.stopActions = [] }
            return (state.stopActions, state.waiter.take())
        }
        waiter?.resume()
        for action in actions { action() }
    }

    /// No more bytes will be queued: `drain` returns once what is queued has been written.
    func finish() {
        let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            return state.waiter.take()
        }
        waiter?.resume()
    }

    /// Moves queued bytes to `write` (the call's send, which waits for flow control), in
    /// order, until `finish` (after the last bytes) or `stop`.
    func drain(_ write: ([UInt8]) async throws -> Void) async throws {
        while let batch = await self.next() {
            var bytes: [UInt8] = []
            for piece in batch { bytes += piece.bytes }
            try await write(bytes)
        }
    }

    /// The queued pieces, waiting for some; nil once the call is over.
    private func next() async -> [SharedBytes]? {
        while true {
            let taken = self.state.withLock { state -> [SharedBytes]?? in
                if state.stopped { return .some(nil) }
                if !state.queue.isEmpty {
                    defer {
                        state.queue = []
                        state.queuedBytes = 0
                    }
                    return .some(state.queue)
                }
                return state.finished ? .some(nil) : .none
            }
            if let taken { return taken }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = self.state.withLock { state -> Bool in
                    guard state.queue.isEmpty, !state.finished, !state.stopped else { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}
