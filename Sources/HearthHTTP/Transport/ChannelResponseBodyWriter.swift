import NIOCore
import NIOHTTP1
import Synchronization

/// The ``ResponseBodyWriter`` handed to streamed bodies: what is written goes to the event
/// loop through a `StreamOutbox`, which writes and flushes everything that piled up as one
/// body part (one chunk when chunked).
///
/// A write returns at once while the outbox holds less than `StreamOutbox.limit` bytes and
/// the channel is writable (less than the connection's write buffer,
/// ``HTTPServerConfiguration/connectionWriteBuffer``, waits in NIO's buffer); otherwise it
/// returns only once its bytes have been handed to the kernel. Why not always wait: waiting
/// costs a promise, a callback and a task switch per piece, and with a thousand listeners on
/// one query those were most of the cost of a snapshot. A `send` never waits and is bounded in
/// bytes (`bound`, ``HTTPServerConfiguration/streamBufferSize``): a client that stops reading
/// holds at most the socket buffers, the write buffer and one slice, and the stream's bound.
final class ChannelResponseBodyWriter: ResponseBodyWriter {
    let channel: any Channel
    /// Whether the body goes as chunks framed below the response encoder (see `sink`).
    let chunked: Bool
    /// Bytes written so far, to detect a stream shorter than its declared `Content-Length`;
    /// nil when none is declared (an event stream then pays no lock per piece for it).
    let bytesWritten: Counter?
    /// Fired when the client closes the connection or the server shuts down.
    let stop: StopSignal
    let outbox: StreamOutbox
    /// The most bytes the stream may hold for its client before `send` cuts it off.
    let bound: Int
    /// Where trailers wait for the end; nil when they cannot be sent (not chunked, or the
    /// client did not send `TE: trailers`).
    let trailers: Trailers?
    /// Where chunked drains write, found once (``EncoderContextCache``).
    let encoder: EncoderContextCache

    /// How long a cut-off stream's connection stays open for its final bytes to leave when
    /// the client is not reading (then it is closed with them unsent).
    static let cutOffGrace = TimeAmount.seconds(2)

    init(
        channel: any Channel, chunked: Bool, bytesWritten: Counter?, stop: StopSignal, outbox: StreamOutbox, bound: Int,
        trailers: Trailers?
    ) {
        self.channel = channel
        self.chunked = chunked
        self.bytesWritten = bytesWritten
        self.stop = stop
        self.outbox = outbox
        self.bound = bound
        self.trailers = trailers
        self.encoder = EncoderContextCache(eventLoop: channel.eventLoop)
    }

    /// A thread-safe counter (of the bytes a stream wrote, of the streams an HTTP/2 connection
    /// serves); the writer is `Sendable` and may be used from any task.
    final class Counter: Sendable {
        private let value = Mutex(0)

        func add(_ amount: Int) {
            self.value.withLock { $0 += amount }
        }

        var total: Int { self.value.withLock { $0 } }
    }

    /// The trailers set so far, sent with the last chunk.
    final class Trailers: Sendable {
        private let fields = Mutex<HTTPHeaders?>(nil)

        func set(_ trailers: HTTPHeaders) {
            self.fields.withLock { $0 = trailers }
        }

        /// The fields to send, those that cannot corrupt the response only.
        var nioHeaders: NIOHTTP1.HTTPHeaders? {
            guard let fields = self.fields.withLock({ $0 }), !fields.isEmpty else { return nil }
            var headers = NIOHTTP1.HTTPHeaders()
            for (name, value) in fields where HTTPConnection.isSafeHeaderField(name, value) {
                headers.add(name: name, value: value)
            }
            return headers
        }
    }

    func setTrailers(_ trailers: HTTPHeaders) {
        self.trailers?.set(trailers)
    }

    func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard self.channel.isActive else { throw HTTPServerError.clientDisconnected }
        self.bytesWritten?.add(bytes.count)
        if self.outbox.isCutOff {
            // The final bytes of a stream that was cut off: queued without waiting for a
            // client that is not reading (its connection closes after a grace).
            self.schedule(self.outbox.add(bytes, allocator: self.channel.allocator, waiter: nil))
            return
        }
        let mustWait = !self.channel.isWritable || self.outbox.pendingBytes + bytes.count > StreamOutbox.limit
        let waiter = mustWait ? self.channel.eventLoop.makePromise(of: Void.self) : nil
        self.schedule(self.outbox.add(bytes, allocator: self.channel.allocator, waiter: waiter))
        guard let waiter else { return }
        do {
            try await waiter.futureResult.get()
        } catch {
            throw HTTPServerError.clientDisconnected
        }
    }

    func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard self.channel.isActive else { return false }
        guard let drain = self.outbox.add(bytes, backlog: backlog, bound: self.bound, writable: self.channel.isWritable) else {
            return false
        }
        self.bytesWritten?.add(bytes.count)
        self.schedule(drain)
        return true
    }

    /// Where the outbox drains: the channel, with the body's framing.
    private var sink: StreamSink { self.chunked ? .httpChunks(self.channel, self.encoder) : .httpBody(self.channel) }

    /// Queues the outbox's drain on the event loop, now or when its window ends.
    private func schedule(_ drain: StreamOutbox.Drain) {
        self.outbox.schedule(drain, into: self.sink)
    }

    /// Writes whatever is still pending, then the end of the body, in that order (a drain
    /// that waits for its window must not come after the end); returns once written.
    func end() async throws {
        let (channel, outbox, sink) = (self.channel, self.outbox, self.sink)
        let written = channel.eventLoop.makePromise(of: Void.self)
        let trailers = self.trailers?.nioHeaders
        channel.eventLoop.execute {
            outbox.drain(into: sink, ending: true)
            channel.writeAndFlush(HTTPServerResponsePart.end(trailers), promise: written)
        }
        try await written.futureResult.get()
    }

    /// Ends the body of a stream that was cut off (`StreamOutbox.isCutOff`): writes what is
    /// left (its final event) and the end, then closes the connection once they have been
    /// written, or after `cutOffGrace` if the client does not read them; returns once closed.
    /// Why not wait for the client: it fell behind, and its socket and buffers are released
    /// now rather than at the next keep-alive or the idle timeout.
    func endAfterCutOff() async {
        let (channel, outbox, sink) = (self.channel, self.outbox, self.sink)
        channel.eventLoop.execute {
            outbox.drain(into: sink, ending: true)
            let written = channel.eventLoop.makePromise(of: Void.self)
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: written)
            let grace = channel.eventLoop.scheduleTask(in: Self.cutOffGrace) { channel.close(promise: nil) }
            written.futureResult.whenComplete { _ in
                grace.cancel()
                channel.close(promise: nil)
            }
        }
        try? await channel.closeFuture.get()
    }

    func abort() {
        self.channel.close(promise: nil)
    }

    func onStop(_ action: @escaping @Sendable () -> Void) {
        _ = self.stop.observe(action)
    }
}
