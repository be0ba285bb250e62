import NIOCore
import NIOHTTP2
import Synchronization

/// Sends one HTTP/2 stream's frames from the task serving it: each write goes to the stream's
/// ``HTTP2ServerStream`` on the event loop in one hop (frames written together are flushed
/// together), after waiting while the stream is not writable.
///
/// The stream is not writable while more than its outbound buffer (the connection's
/// write-buffer size, counted by the ``HTTP2ConnectionHandler``) waits for the client's
/// flow-control window or the socket, so a client that does not read holds its writer, not memory.
///
/// As with NIO's async writer, a cancelled task cannot write (its writes throw
/// `CancellationError`), and writes after the stream closed throw
/// `ChannelError.ioOnClosedChannel`.
final class HTTP2StreamOutbound: Sendable {
    private struct State {
        var writable = true
        var closed = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())
    private let send: @Sendable ([HTTP2Frame.FramePayload], (@Sendable () -> Void)?) -> Void

    /// - Parameter send: on the event loop, runs its second argument (if any) then writes and
    ///   flushes the frames on the stream (called from any thread; it hops).
    init(send: @escaping @Sendable ([HTTP2Frame.FramePayload], (@Sendable () -> Void)?) -> Void) {
        self.send = send
    }

    /// Writes `frames`, in order, once the stream is writable; `before` runs on the event loop
    /// just before they are written (a streamed body's outbox drains what it holds, so the
    /// frames cannot overtake it).
    func write(_ frames: [HTTP2Frame.FramePayload], before: (@Sendable () -> Void)? = nil) async throws {
        try await self.waitUntilWritable()
        self.send(frames, before)
    }

    // MARK: - The handler's side (event loop)

    func setWritable(_ writable: Bool) {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.writable = writable
            guard writable else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func close() {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.closed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(throwing: ChannelError.ioOnClosedChannel) }
    }

    // MARK: -

    private func waitUntilWritable() async throws {
        try Task.checkCancellation()
        enum Now {
            case go
            case closed
            case wait(UInt64)
        }
        let now = self.state.withLock { state -> Now in
            if state.closed { return .closed }
            if state.writable { return .go }
            state.nextWaiter += 1
            return .wait(state.nextWaiter)
        }
        switch now {
        case .go: return
        case .closed: throw ChannelError.ioOnClosedChannel
        case .wait(let id):
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    enum Then {
                        case wait
                        case go
                        case failed(any Error)
                    }
                    let then = self.state.withLock { state -> Then in
                        if state.closed { return .failed(ChannelError.ioOnClosedChannel) }
                        if state.writable { return .go }
                        if Task.isCancelled { return .failed(CancellationError()) }
                        state.waiters[id] = continuation
                        return .wait
                    }
                    switch then {
                    case .wait: break
                    case .go: continuation.resume()
                    case .failed(let error): continuation.resume(throwing: error)
                    }
                }
            } onCancel: {
                let waiter = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.resume(throwing: CancellationError())
            }
        }
    }
}
