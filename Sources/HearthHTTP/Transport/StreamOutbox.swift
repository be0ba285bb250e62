import NIOCore
import NIOHTTP1
import NIOWebSocket
import Synchronization

/// The bytes a streamed response's producer has written that its event loop has not handed
/// to the channel yet, so that every piece written close together leaves in one socket write,
/// and so that a stream holds a bounded number of bytes its client has not taken.
///
/// Why batch: with a thousand listeners on one query, each commit means a thousand small
/// writes. Written one by one, each costs a trip through the event loop, the channel pipeline,
/// chunk framing and a `writev` system call, most of the cost of delivering a snapshot. Here a
/// piece written after a quiet spell leaves at once, and pieces that follow within `window` of
/// the last write leave together when the event loop's `StreamFlusher` next drains (within a
/// window): a busy stream costs about one write per window, whatever its rate, for at most
/// `window` of added latency.
///
/// Bounded in bytes: a shared piece (`send`) that finds the outbox empty, or is `coalescing`
/// bytes or more, is kept by reference, so a thousand streams holding one snapshot hold it
/// once; smaller pieces behind others are copied into one buffer of the stream's own. Each stream counts every byte it holds as if it were its own:
/// `send` refuses a piece that would bring the count over the stream's bound (and cuts the
/// stream off, dropping what it held), so a stalled reader holds at most its bound, or one
/// piece when a single piece is larger. A drain hands the channel at most `slice` bytes at a
/// time and only while the channel is writable (below its write-buffer high watermark), so
/// NIO's buffer adds at most that watermark plus one slice per connection. `write` makes its
/// producer wait once `limit` bytes are held or the channel is not writable.
///
/// The same outbox serves a WebSocket session's messages (``StreamSink/webSocketText(_:_:)``) and
/// an HTTP/2 stream's streamed body (``StreamSink/http2(_:)``: a gRPC Listen call's messages), so a
/// thousand sockets or streams listening on one location are batched and bounded exactly as a
/// thousand event streams are.
final class StreamOutbox: Sendable {
    private struct State: Sendable {
        /// Bytes not yet handed to the channel, in order.
        var pieces: [ByteBuffer] = []
        /// Whether the last piece is a buffer of this outbox's own, to which small pieces are appended.
        var ownsLast = false
        /// Whether the first piece has been handed to the channel in part: its rest must follow
        /// before anything else, or the client would get half an event.
        var firstStarted = false
        /// Bytes in `pieces`.
        var bytes = 0
        /// Pieces added since the last drain took everything (the `backlog` count).
        var count = 0
        /// Producers waiting until the bytes they added have been handed to the kernel.
        var waiters: [EventLoopPromise<Void>] = []
        /// A drain is queued on the event loop and will take whatever is pending.
        var scheduled = false
        /// When the last drain wrote, to space writes by at least `window`.
        var lastWrite = NIODeadline.distantPast
        /// The stream was refused a piece and cut off: what it held was dropped, and whatever is
        /// written from now on (its final event) goes out without waiting.
        var cutOff = false
        /// The body has ended (its last drain ran): nothing more is taken, so no piece sent
        /// while the end was being written can reach the wire after it.
        var ended = false
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
    /// Pieces smaller than this are copied into the outbox's own buffer (one chunk per drain);
    /// larger ones are kept by reference.
    static let coalescing = 16 * 1024
    /// The most a drain hands the channel at a time while it stays writable.
    static let slice = 64 * 1024

    /// Queues `drain` (what an `add` answered) on `sink`'s event loop: at once, or when the
    /// window ends. The one place every writer over an outbox schedules its drains.
    func schedule(_ drain: Drain, into sink: StreamSink) {
        switch drain {
        case .now: self.flusher.drainSoon(self, sink)
        case .later: self.flusher.enqueue(self, sink)
        case .none: break
        }
    }

    /// Bytes waiting for the event loop.
    var pendingBytes: Int {
        self.state.withLock { $0.bytes }
    }

    /// Whether a piece was refused and the stream cut off.
    var isCutOff: Bool {
        self.state.withLock { $0.cutOff }
    }

    /// Adds `bytes` and, if given, a promise to complete once they are written (a waiting
    /// producer is never made to wait for the window too). After a cut-off nobody waits: the
    /// bytes are queued and the caller drains at once. Once the body has ended the bytes are
    /// dropped and the promise completed.
    func add(_ bytes: [UInt8], allocator: ByteBufferAllocator, waiter: EventLoopPromise<Void>?) -> Drain {
        let now = NIODeadline.now()
        let (drain, released) = self.state.withLock { state -> (Drain, EventLoopPromise<Void>?) in
            guard !state.ended else { return (.none, waiter) }
            Self.append(bytes, to: &state, allocator: allocator)
            if state.cutOff {
                state.scheduled = true
                return (.now, waiter)
            }
            if let waiter {
                state.waiters.append(waiter)
                state.scheduled = true
                return (.now, nil)  // an extra drain finds nothing and costs nothing
            }
            return (Self.schedule(&state, now: now), nil)
        }
        released?.succeed()
        return drain
    }

    /// Adds `bytes` (by reference) unless the outbox already holds bytes and they would bring it
    /// over `bound`, or `backlog` pieces already wait while the channel is not `writable`: then
    /// nil, and the stream is cut off (what it held is dropped, waiting producers released).
    /// Nil too once the body has ended (`drain(into:ending:)`), or after a cut-off.
    /// `immediate` asks for a drain now even within the window: an answer a client waits for
    /// (a WebSocket reply) is not held back to be batched with pushes.
    func add(_ bytes: SharedBytes, backlog: Int, bound: Int, writable: @autoclosure () -> Bool, immediate: Bool = false) -> Drain? {
        let now = NIODeadline.now()
        let (drain, released) = self.state.withLock { state -> (Drain?, [EventLoopPromise<Void>]) in
            guard !state.cutOff, !state.ended else { return (nil, []) }
            let overBound = state.bytes > 0 && state.bytes + bytes.count > bound
            // `writable` is asked only when the backlog is reached: reading a channel's state is
            // a cache miss per stream on a fan-out's path.
            guard !overBound, state.count < backlog || writable() else {
                // Drop whole pieces only: the client keeps an unbroken prefix of whole events.
                state.cutOff = true
                state.pieces = state.firstStarted ? [state.pieces[0]] : []
                state.ownsLast = false
                state.bytes = state.pieces.first?.readableBytes ?? 0
                state.count = 0
                defer { state.waiters = [] }
                return (nil, state.waiters)
            }
            // Into an empty outbox (a quiet stream: the usual case) a piece goes by reference,
            // with nothing to copy or allocate; behind others, a small one is copied.
            if bytes.count < Self.coalescing, !state.pieces.isEmpty {
                Self.append(bytes.buffer.readableBytesView, to: &state, allocator: ByteBufferAllocator())
            } else {
                state.pieces.append(bytes.buffer)
                state.ownsLast = false
                state.bytes += bytes.count
                state.count += 1
            }
            if immediate {
                state.scheduled = true
                return (.now, [])  // a drain queued for the window's end then finds nothing
            }
            return (Self.schedule(&state, now: now), [])
        }
        // Their bytes were dropped with the rest; the producer goes on to write its final event.
        for waiter in released { waiter.succeed() }
        return drain
    }

    /// Appends `bytes` to the outbox's own last buffer, or to a new one. A new buffer takes in
    /// the outbox's one small piece kept by reference (a shared snapshot that found the outbox
    /// empty) when no drain has started it, so a drain hands over one buffer rather than two: an
    /// HTTP/2 stream would copy the two into one DATA frame's buffer, chunked HTTP would frame
    /// each. That copy is the shared piece's only one.
    private static func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, to state: inout State, allocator: ByteBufferAllocator) {
        state.bytes += bytes.count
        state.count += 1
        if state.ownsLast, state.pieces.count > 0 {
            state.pieces[state.pieces.count - 1].writeBytes(bytes)
            return
        }
        let folds = state.pieces.count == 1 && !state.firstStarted && state.pieces[0].readableBytes < Self.coalescing
        let carried = folds ? state.pieces.removeLast() : nil
        var buffer = allocator.buffer(capacity: max((carried?.readableBytes ?? 0) + bytes.count, 256))
        if let carried { buffer.writeImmutableBuffer(carried) }
        buffer.writeBytes(bytes)
        state.pieces.append(buffer)
        state.ownsLast = true
    }

    private static func schedule(_ state: inout State, now: NIODeadline) -> Drain {
        guard !state.scheduled else { return .none }
        state.scheduled = true
        return state.lastWrite + Self.window > now ? .later : .now
    }

    /// What one step of a drain takes.
    private enum Step {
        /// Nothing to write (the waiters, if any, are done).
        case idle([EventLoopPromise<Void>])
        /// Not writable: look again a window later.
        case retry
        /// Write these, completing the waiters with the last write; `more` when pieces remain.
        case write([ByteBuffer], [EventLoopPromise<Void>], more: Bool)
    }

    /// On the event loop: writes and flushes what is pending, completing the waiters' promises
    /// with the write that hands over the last of it. Everything goes at once when the body is
    /// `ending` (what is pending must go before the end, which the caller writes next; from
    /// then on the outbox takes nothing) or the stream was cut off (only its final bytes are
    /// left); otherwise slices of at most `slice` bytes go while the channel is writable, and
    /// what is left waits a window and is looked at again. So what the outbox counts against
    /// the stream's bound never leaves it for NIO's buffer faster than the client takes it,
    /// whether or not a producer waits.
    func drain(into sink: StreamSink, ending: Bool = false) {
        while true {
            let writable = sink.takesBytes
            let step = self.state.withLock { state -> Step in
                if ending { state.ended = true }
                guard !state.pieces.isEmpty else {
                    state.scheduled = false
                    defer { state.waiters = [] }
                    return .idle(state.waiters)
                }
                if ending || state.cutOff {
                    state.scheduled = false
                    state.lastWrite = NIODeadline.now()
                    defer {
                        state.pieces = []
                        state.ownsLast = false
                        state.firstStarted = false
                        state.bytes = 0
                        state.count = 0
                        state.waiters = []
                    }
                    return .write(state.pieces, state.waiters, more: false)
                }
                guard writable else { return .retry }
                state.lastWrite = NIODeadline.now()
                var taken: [ByteBuffer] = []
                var room = Self.slice
                let whole = sink.keepsPiecesWhole
                if state.bytes <= room {
                    // All of it fits (the usual drain): the list is taken as it is, not rebuilt
                    // piece by piece into a new one (an allocation per drain per stream).
                    swap(&taken, &state.pieces)
                    room -= state.bytes
                    state.firstStarted = false
                }
                while room > 0, !state.pieces.isEmpty {
                    // A WebSocket piece larger than a slice leaves alone (room goes negative).
                    if state.pieces[0].readableBytes <= room || (whole && taken.isEmpty) {
                        let piece = state.pieces.removeFirst()
                        room -= piece.readableBytes
                        taken.append(piece)
                        state.firstStarted = false
                    } else if whole {
                        break
                    } else {
                        taken.append(state.pieces[0].readSlice(length: room)!)
                        room = 0
                        state.firstStarted = true
                        if state.pieces.count == 1 { state.ownsLast = false }  // no appending to a started piece
                    }
                }
                state.bytes -= Self.slice - room
                guard state.pieces.isEmpty else { return .write(taken, [], more: true) }
                state.ownsLast = false
                state.count = 0
                state.scheduled = false
                // The waiters' bytes were all in what has now been handed over.
                defer { state.waiters = [] }
                return .write(taken, state.waiters, more: false)
            }
            switch step {
            case .idle(let waiters):
                for waiter in waiters { waiter.succeed() }
                return
            case .retry:
                self.flusher.enqueue(self, sink)
                return
            case .write(let buffers, let waiters, let more):
                self.write(buffers, waiters: waiters, into: sink)
                if !more { return }
            }
        }
    }

    /// Writes `buffers` as body parts, or as one text frame per line, and flushes once; the
    /// waiters complete with the last write.
    private func write(_ buffers: [ByteBuffer], waiters: [EventLoopPromise<Void>], into sink: StreamSink) {
        var promise: EventLoopPromise<Void>?
        if !waiters.isEmpty {
            let written = sink.eventLoop.makePromise(of: Void.self)
            written.futureResult.whenComplete { result in
                for waiter in waiters { waiter.completeWith(result) }
            }
            promise = written
        }
        switch sink {
        case .http2(let stream):
            stream.writeData(buffers, promise: promise)
        case .httpChunks(let channel, let encoder) where Self.writeChunks(buffers, promise: promise, into: channel, encoder: encoder):
            break
        case .webSocketText(let channel, let encoder) where Self.writeWebSocketText(buffers, promise: promise, into: channel, encoder: encoder):
            break
        case .httpBody(let channel), .httpChunks(let channel, _):
            for (index, buffer) in buffers.enumerated() {
                channel.write(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: index == buffers.count - 1 ? promise : nil)
            }
            channel.flush()
        case .webSocketText(let channel, _):
            // Each frame is written once the next is found; the last carries the promise.
            var held: ByteBuffer?
            for buffer in buffers {
                WebSocketOutbox.forEachMessage(in: buffer) { message in
                    if let held { channel.write(WebSocketFrame(fin: true, opcode: .text, data: held), promise: nil) }
                    held = message
                }
            }
            if let held {
                channel.write(WebSocketFrame(fin: true, opcode: .text, data: held), promise: promise)
            } else {
                promise?.succeed()
            }
            channel.flush()
        }
    }
}
