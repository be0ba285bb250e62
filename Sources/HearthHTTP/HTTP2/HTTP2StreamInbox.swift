import NIOCore
import NIOHTTP2
import Synchronization

/// The frames an HTTP/2 stream received that the task serving it has not read yet: filled by
/// the connection's ``HTTP2ConnectionHandler`` on the event loop, read by ``HTTP2RequestBody``.
///
/// Why not NIO's `NIOAsyncChannel`: a unary gRPC call's request is one HEADERS and one DATA
/// frame, usually in the inbox before its task first looks, so reading them costs a lock, not
/// a hop between threads, and a stream costs this one object instead of an async channel's
/// handlers, sequence and writer (most of a small call's cost on two cores).
///
/// Memory: the client's flow-control window (64 KiB per stream) is given back only as the
/// reader takes DATA (``consumed``, in steps of ``HTTP2ConnectionHandler/windowUpdateThreshold``),
/// so at most one window waits here.
final class HTTP2StreamInbox: Sendable {

    private struct State {
        var frames: [HTTP2Frame.FramePayload] = []
        var first = 0
        /// The stream closed (normally or not): nothing more will come.
        var finished = false
        /// Why the stream failed (a reset, a connection error), thrown once the frames are read.
        var failure: (any Error)?
        var waiter: CheckedContinuation<HTTP2Frame.FramePayload?, any Error>?
        /// Called once when a frame or the end arrives (``whenReadable(_:)``), instead of a waiter.
        var wake: (@Sendable () -> Void)?
        /// DATA bytes taken by the reader and not yet reported to ``consumed``.
        var unreported = 0

        /// Takes the first frame; the bytes to report as consumed, if enough were taken.
        mutating func takeFirst() -> (HTTP2Frame.FramePayload, report: Int?) {
            let frame = self.frames[self.first]
            self.first += 1
            if self.first == self.frames.count {
                self.frames.removeAll(keepingCapacity: true)
                self.first = 0
            }
            return (frame, self.taken(frame))
        }

        /// Counts `frame` as taken by the reader; the bytes to report as consumed, if enough were taken.
        mutating func taken(_ frame: HTTP2Frame.FramePayload) -> Int? {
            self.unreported += HTTP2StreamInbox.size(of: frame)
            guard self.unreported >= HTTP2ConnectionHandler.windowUpdateThreshold else { return nil }
            defer { self.unreported = 0 }
            return self.unreported
        }
    }

    private let state = Mutex(State())
    /// Reports DATA bytes the reader has taken, so the client may send as much more
    /// (thread-safe: it hops to the event loop).
    private let consumed: @Sendable (Int) -> Void

    init(consumed: @escaping @Sendable (Int) -> Void) {
        self.consumed = consumed
    }

    // MARK: - The handler's side (event loop)

    /// Takes one frame.
    func receive(_ frame: HTTP2Frame.FramePayload) {
        let (waiter, report, wake) = self.state.withLock {
            state -> (CheckedContinuation<HTTP2Frame.FramePayload?, any Error>?, Int?, (@Sendable () -> Void)?) in
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, state.taken(frame), nil)
            }
            state.frames.append(frame)
            defer { state.wake = nil }
            return (nil, nil, state.wake)
        }
        if let report { self.consumed(report) }
        waiter?.resume(returning: frame)
        wake?()
    }

    /// The stream failed; the reader gets `error` after the frames already received.
    func fail(_ error: any Error) {
        self.state.withLock { if $0.failure == nil { $0.failure = error } }
    }

    /// The stream closed: the reader gets what is left, then the end (or the failure).
    func finish() {
        let (waiter, failure, wake) = self.state.withLock { state in
            state.finished = true
            defer {
                state.waiter = nil
                state.wake = nil
            }
            return (state.waiter, state.failure, state.wake)
        }
        if let failure { waiter?.resume(throwing: failure) } else { waiter?.resume(returning: nil) }
        wake?()
    }

    // MARK: - The reader's side (the task serving the stream)

    /// The next frame, or nil once the stream has closed with nothing more to read.
    /// - Throws: the stream's failure; `CancellationError` when the waiting task is cancelled
    ///   (a deadline, a reset).
    func next() async throws -> HTTP2Frame.FramePayload? {
        switch try self.poll() {
        case .value(let frame): return frame
        case .ended: return nil
        case .pending: return try await self.wait()
        }
    }

    /// The next frame if one is here, the end, or `.pending` (nothing yet): never waits.
    /// - Throws: the stream's failure, once the frames before it were read.
    func poll() throws -> Polled<HTTP2Frame.FramePayload> {
        let taken = self.state.withLock { state -> Result<Polled<(HTTP2Frame.FramePayload, report: Int?)>, any Error> in
            if state.first < state.frames.count { return .success(.value(state.takeFirst())) }
            guard state.finished else { return .success(.pending) }
            return state.failure.map { .failure($0) } ?? .success(.ended)
        }
        switch try taken.get() {
        case .value(let (frame, report)):
            if let report { self.consumed(report) }
            return .value(frame)
        case .ended: return .ended
        case .pending: return .pending
        }
    }

    /// Calls `wake` once when ``poll()`` has something to give (a frame, the end or the
    /// failure): now, if it has already. One wake at a time; a later call replaces it.
    func whenReadable(_ wake: @escaping @Sendable () -> Void) {
        let now = self.state.withLock { state in
            guard state.first == state.frames.count, !state.finished else { return true }
            state.wake = wake
            return false
        }
        if now { wake() }
    }

    private func wait() async throws -> HTTP2Frame.FramePayload? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTP2Frame.FramePayload?, any Error>) in
                enum Now {
                    case wait
                    case frame(HTTP2Frame.FramePayload, report: Int?)
                    case end
                    case failed(any Error)
                }
                let now = self.state.withLock { state -> Now in
                    if state.first < state.frames.count {
                        // Arrived between the first look and now.
                        let (frame, report) = state.takeFirst()
                        return .frame(frame, report: report)
                    }
                    if state.finished { return state.failure.map { .failed($0) } ?? .end }
                    if Task.isCancelled { return .failed(CancellationError()) }
                    state.waiter = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .frame(let frame, let report):
                    if let report { self.consumed(report) }
                    continuation.resume(returning: frame)
                case .end: continuation.resume(returning: nil)
                case .failed(let error): continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            let waiter = self.state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    fileprivate static func size(of frame: HTTP2Frame.FramePayload) -> Int {
        if case .data(let data) = frame, case .byteBuffer(let buffer) = data.data { return buffer.readableBytes }
        return 0
    }
}
