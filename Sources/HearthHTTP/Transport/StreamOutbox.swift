import NIOCore
import NIOHTTP1
import Synchronization

/// The bytes a streamed response's producer has written that its event loop has not written
/// to the socket yet, so that every piece written close together leaves in one socket write.
///
/// Why: with a thousand listeners on one query, each commit means a thousand small writes.
/// Written one by one, each costs a trip through the event loop, the channel pipeline, chunk
/// framing and a `writev` system call, most of the cost of delivering a snapshot. Here a piece
/// written after a quiet spell leaves at once, and pieces that follow within `window` of the
/// last write leave together when the event loop's `StreamFlusher` next drains (within a
/// window): a busy stream costs about one write per window, whatever its rate, for at most
/// `window` of added latency.
///
/// Bounded: `write` makes its producer wait once the outbox holds `limit` bytes or the channel
/// is not writable; `send` refuses pieces once `backlog` of them wait while the channel is not
/// writable. Pieces nobody waits for stay here, not in NIO's buffer, while the channel is not
/// writable (the drain looks again a window later), so the backlog is counted here.
final class StreamOutbox: Sendable {
    private struct State: Sendable {
        var pending: ByteBuffer?
        /// Pieces in `pending`.
        var pieces = 0
        /// Producers waiting until the bytes they added have been handed to the kernel.
        var waiters: [EventLoopPromise<Void>] = []
        /// A drain is queued on the event loop and will take whatever is pending.
        var scheduled = false
        /// When the last drain wrote, to space writes by at least `window`.
        var lastWrite = NIODeadline.distantPast
    }

    /// When the caller must queue a drain on the event loop.
    enum Drain {
        /// One is queued already.
        case none
        case now
        /// At the end of the window (`StreamFlusher`).
        case later
    }

    private let state = Mutex(State())
    /// Drains this outbox when a window ends.
    let flusher: StreamFlusher

    init(flusher: StreamFlusher) {
        self.flusher = flusher
    }
    /// The size above which `write` makes its producer wait for the socket.
    static let limit = 64 * 1024
    /// The least time between two writes of one stream.
    static let window = TimeAmount.milliseconds(20)

    /// Bytes waiting for the event loop.
    var pendingBytes: Int {
        self.state.withLock { $0.pending?.readableBytes ?? 0 }
    }

    /// Adds `bytes` and, if given, a promise to complete once they are written (a waiting
    /// producer is never made to wait for the window too).
    func add(_ bytes: [UInt8], allocator: ByteBufferAllocator, waiter: EventLoopPromise<Void>?) -> Drain {
        let now = NIODeadline.now()
        return self.state.withLock { state in
            Self.append(bytes, to: &state, allocator: allocator)
            if let waiter {
                state.waiters.append(waiter)
                state.scheduled = true
                return .now  // an extra drain finds nothing and costs nothing
            }
            return Self.schedule(&state, now: now)
        }
    }

    /// Adds `bytes` unless `backlog` pieces already wait while the channel is not `writable`;
    /// nil then (nothing added).
    func add(_ bytes: [UInt8], allocator: ByteBufferAllocator, backlog: Int, writable: Bool) -> Drain? {
        let now = NIODeadline.now()
        return self.state.withLock { state in
            guard writable || state.pieces < backlog else { return nil }
            Self.append(bytes, to: &state, allocator: allocator)
            return Self.schedule(&state, now: now)
        }
    }

    private static func append(_ bytes: [UInt8], to state: inout State, allocator: ByteBufferAllocator) {
        if state.pending == nil {
            state.pending = allocator.buffer(capacity: bytes.count)
        }
        state.pending!.writeBytes(bytes)
        state.pieces += 1
    }

    private static func schedule(_ state: inout State, now: NIODeadline) -> Drain {
        guard !state.scheduled else { return .none }
        state.scheduled = true
        return state.lastWrite + Self.window > now ? .later : .now
    }

    /// On the event loop: writes and flushes everything pending as one body part, completing
    /// the waiters' promises with that write. While the channel is not writable and nobody
    /// waits, leaves the pieces pending and looks again a window later, unless `force`d (the
    /// body is ending: what is pending must go before the end).
    func drain(into channel: any Channel, force: Bool = false) {
        let now = NIODeadline.now()
        let writable = force || channel.isWritable || !channel.isActive
        let (bytes, waiters, retry) = self.state.withLock { state -> (ByteBuffer?, [EventLoopPromise<Void>], Bool) in
            if !writable, state.waiters.isEmpty, state.pending != nil {
                return (nil, [], true)
            }
            state.scheduled = false
            if state.pending != nil { state.lastWrite = now }
            defer {
                state.pending = nil
                state.pieces = 0
                state.waiters = []
            }
            return (state.pending, state.waiters, false)
        }
        if retry {
            self.flusher.enqueue(self, channel)
            return
        }
        guard let bytes, bytes.readableBytes > 0 else {
            for waiter in waiters { waiter.succeed() }
            return
        }
        var promise: EventLoopPromise<Void>?
        if !waiters.isEmpty {
            let written = channel.eventLoop.makePromise(of: Void.self)
            written.futureResult.whenComplete { result in
                for waiter in waiters { waiter.completeWith(result) }
            }
            promise = written
        }
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(bytes)), promise: promise)
    }
}
