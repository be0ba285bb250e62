import NIOCore
import NIOHTTP2
import Synchronization

/// One HTTP/2 stream as the task serving it and the outboxes draining into it see it: whether
/// it is open and writable (read from any thread, as a fan-out does for thousands of streams),
/// its frames' writes and flushes (on the event loop), its reset, its close, and the request
/// bytes its reader has consumed (which give the client its flow-control window back).
///
/// Why not NIO's stream channel: a child channel per stream (its pipeline, its close promise,
/// its pending-writes queue, its own writability bookkeeping) cost a third of a unary gRPC
/// call's server time and a flush through two pipelines per delivered Listen message (`perf`).
/// Here a stream is this object plus an entry in its connection's ``HTTP2ConnectionHandler``,
/// which writes its frames straight to the connection's ``HTTP2FrameCodec``.
final class HTTP2ServerStream: Sendable {
    let id: HTTP2StreamID
    let eventLoop: any EventLoop
    let allocator: ByteBufferAllocator
    private let connection: NIOLoopBound<HTTP2ConnectionHandler>
    private let open = Atomic(true)
    private let writable = Atomic(true)
    /// What runs once the stream has closed (``onClose(_:)``); nil once it has. A list rather
    /// than a promise: most streams (unary calls) never add to it, and cost no allocation.
    private let closeActions = Mutex<[@Sendable () -> Void]?>([])

    init(id: HTTP2StreamID, connection: HTTP2ConnectionHandler, eventLoop: any EventLoop, allocator: ByteBufferAllocator) {
        self.id = id
        self.eventLoop = eventLoop
        self.allocator = allocator
        self.connection = NIOLoopBound(connection, eventLoop: eventLoop)
    }

    /// Whether the stream is still open (neither side reset it, the connection is up).
    var isActive: Bool { self.open.load(ordering: .relaxed) }

    /// Whether the stream takes more bytes: the connection is writable and what the stream has
    /// written and NIO not yet sent (held for the client's flow-control window or the socket)
    /// is below the outbound high-water mark.
    var isWritable: Bool { self.writable.load(ordering: .relaxed) }

    // MARK: - The event loop's side

    /// Writes `frames` in order (not flushed); `promise` completes once the last is sent.
    func write(_ frames: [HTTP2Frame.FramePayload], promise: EventLoopPromise<Void>?) {
        self.connection.value.write(frames, on: self.id, promise: promise)
    }

    /// Writes `buffers` as DATA frames, in order, and flushes; `promise` completes with the last.
    /// Buffers that fit in one frame together (a drain's few small messages) are copied into
    /// one: a frame costs more (the codec's flow-control pass, a header for the client to read)
    /// than the copy of a few hundred bytes.
    func writeData(_ buffers: [ByteBuffer], promise: EventLoopPromise<Void>?) {
        var total = 0
        for buffer in buffers { total += buffer.readableBytes }
        let frames: [HTTP2Frame.FramePayload]
        if buffers.count > 1, total <= Self.largestCopiedFrame {
            var one = self.allocator.buffer(capacity: total)
            for buffer in buffers { one.writeImmutableBuffer(buffer) }
            frames = [.data(.init(data: .byteBuffer(one)))]
        } else {
            frames = buffers.map { .data(.init(data: .byteBuffer($0))) }
        }
        self.connection.value.write(frames, on: self.id, promise: promise)
        self.connection.value.flush()
    }

    /// The most bytes ``writeData(_:promise:)`` copies into one DATA frame: HTTP/2's smallest
    /// maximum frame size (RFC 9113 §4.2), which every client accepts.
    static let largestCopiedFrame = 16_384

    func flush() {
        self.connection.value.flush()
    }

    // MARK: - Any thread

    /// Resets the stream (RST_STREAM CANCEL) unless it has closed; what it held is dropped.
    func reset() {
        self.onLoop { $0.reset(self.id) }
    }

    /// The reader took `bytes` of request body: the client may send that much more.
    func consumed(_ bytes: Int) {
        self.onLoop { $0.consumed(bytes, on: self.id) }
    }

    /// Runs `action` once the stream has closed (either side reset it, the connection went away).
    /// When it has closed already, `action` runs on the event loop, as it would have then.
    func onClose(_ action: @escaping @Sendable () -> Void) {
        let closed = self.closeActions.withLock { actions in
            guard actions != nil else { return true }
            actions!.append(action)
            return false
        }
        if closed { self.eventLoop.execute(action) }
    }

    // MARK: - The connection handler's side (event loop)

    func setWritable(_ writable: Bool) {
        self.writable.store(writable, ordering: .relaxed)
    }

    func markClosed() {
        self.open.store(false, ordering: .relaxed)
        let actions = self.closeActions.withLock { actions in
            defer { actions = nil }
            return actions ?? []
        }
        for action in actions { action() }
    }

    private func onLoop(_ body: @escaping @Sendable (HTTP2ConnectionHandler) -> Void) {
        if self.eventLoop.inEventLoop {
            body(self.connection.value)
        } else {
            let connection = self.connection
            self.eventLoop.execute { body(connection.value) }
        }
    }
}
