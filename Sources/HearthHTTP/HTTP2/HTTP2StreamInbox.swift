import NIOCore
import NIOHTTP2
import Synchronization

/// The frames an HTTP/2 stream received that the task serving it has not read yet: filled by
/// the stream's ``HTTP2StreamHandler`` on the event loop, read by ``HTTP2RequestBody``.
///
/// Why not NIO's `NIOAsyncChannel`: a unary gRPC call's request is one HEADERS and one DATA
/// frame, usually in the inbox before its task first looks, so reading them costs a lock, not
/// a hop between threads, and a stream costs this one object instead of an async channel's
/// handlers, sequence and writer (most of a small call's cost on two cores).
///
/// Memory: the handler stops reading the stream once ``highWater`` bytes of DATA wait here,
/// and the client's flow-control window (64 KiB per stream) then stops it sending; the reader
/// taking them starts the reads again.
final class HTTP2StreamInbox: Sendable {
    /// DATA bytes buffered before the handler stops reading: one stream window.
    static let highWater = 65_536

    private struct State {
        var frames: [HTTP2Frame.FramePayload] = []
        var first = 0
        var bytes = 0
        /// The stream closed (normally or not): nothing more will come.
        var finished = false
        /// Why the stream failed (a reset, a connection error), thrown once the frames are read.
        var failure: (any Error)?
        var waiter: CheckedContinuation<HTTP2Frame.FramePayload?, any Error>?
        /// The handler stopped reading at the high-water mark.
        var paused = false
    }

    private let state = Mutex(State())
    /// Asks the stream channel for more frames (thread-safe: NIO hops to the event loop).
    private let readMore: @Sendable () -> Void

    init(readMore: @escaping @Sendable () -> Void) {
        self.readMore = readMore
    }

    // MARK: - The handler's side (event loop)

    /// Takes one frame.
    func receive(_ frame: HTTP2Frame.FramePayload) {
        let waiter = self.state.withLock { state -> CheckedContinuation<HTTP2Frame.FramePayload?, any Error>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.frames.append(frame)
            state.bytes += Self.size(of: frame)
            if state.bytes >= Self.highWater { state.paused = true }
            return nil
        }
        waiter?.resume(returning: frame)
    }

    /// Whether the handler should stop reading the stream until the reader takes frames (it
    /// then asks for more itself).
    var isPaused: Bool { self.state.withLock { $0.paused } }

    /// The stream failed; the reader gets `error` after the frames already received.
    func fail(_ error: any Error) {
        self.state.withLock { if $0.failure == nil { $0.failure = error } }
    }

    /// The stream closed: the reader gets what is left, then the end (or the failure).
    func finish() {
        let (waiter, failure) = self.state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return (state.waiter, state.failure)
        }
        if let failure { waiter?.resume(throwing: failure) } else { waiter?.resume(returning: nil) }
    }

    // MARK: - The reader's side (the task serving the stream)

    /// The next frame, or nil once the stream has closed with nothing more to read.
    /// - Throws: the stream's failure; `CancellationError` when the waiting task is cancelled
    ///   (a deadline, a reset).
    func next() async throws -> HTTP2Frame.FramePayload? {
        enum Taken {
            case frame(HTTP2Frame.FramePayload, resume: Bool)
            case end
            case failed(any Error)
            case wait
        }
        let taken = self.state.withLock { state -> Taken in
            if state.first < state.frames.count {
                let frame = state.frames[state.first]
                state.first += 1
                state.bytes -= Self.size(of: frame)
                if state.first == state.frames.count {
                    state.frames.removeAll(keepingCapacity: true)
                    state.first = 0
                }
                let resume = state.paused && state.bytes < Self.highWater / 2
                if resume { state.paused = false }
                return .frame(frame, resume: resume)
            }
            if state.finished { return state.failure.map { .failed($0) } ?? .end }
            return .wait
        }
        switch taken {
        case .frame(let frame, let resume):
            if resume { self.readMore() }
            return frame
        case .end:
            return nil
        case .failed(let error):
            throw error
        case .wait:
            return try await self.wait()
        }
    }

    private func wait() async throws -> HTTP2Frame.FramePayload? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTP2Frame.FramePayload?, any Error>) in
                enum Now {
                    case wait
                    case frame(HTTP2Frame.FramePayload, resume: Bool)
                    case end
                    case failed(any Error)
                }
                let now = self.state.withLock { state -> Now in
                    if state.first < state.frames.count {
                        // Arrived between the first look and now.
                        let frame = state.frames[state.first]
                        state.first += 1
                        state.bytes -= Self.size(of: frame)
                        let resume = state.paused && state.bytes < Self.highWater / 2
                        if resume { state.paused = false }
                        return .frame(frame, resume: resume)
                    }
                    if state.finished { return state.failure.map { .failed($0) } ?? .end }
                    if Task.isCancelled { return .failed(CancellationError()) }
                    state.waiter = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .frame(let frame, let resume):
                    if resume { self.readMore() }
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

    private static func size(of frame: HTTP2Frame.FramePayload) -> Int {
        if case .data(let data) = frame, case .byteBuffer(let buffer) = data.data { return buffer.readableBytes }
        return 0
    }
}
