import NIOCore
import NIOHTTP1
import Synchronization

/// The ``ResponseBodyWriter`` handed to streamed bodies: what is written goes to the event
/// loop through a `StreamOutbox`, which writes and flushes everything that piled up as one
/// body part (one chunk when chunked).
///
/// A write returns at once while the outbox holds less than `StreamOutbox.limit` bytes and
/// the channel is writable (less than NIO's high watermark, 64 KiB, waits in its buffer);
/// otherwise it returns only once its bytes have been handed to the kernel. Why not always
/// wait: waiting costs a promise, a callback and a task switch per piece, and with a thousand
/// listeners on one query those were most of the cost of a snapshot. The bound stays strict:
/// a client that stops reading holds at most the socket buffers, the high watermark and the
/// outbox's limit.
struct ChannelResponseBodyWriter: ResponseBodyWriter {
    let channel: any Channel
    /// Bytes written so far, to detect a stream shorter than its declared `Content-Length`;
    /// nil when none is declared (an event stream then pays no lock per piece for it).
    let bytesWritten: Counter?
    /// Fired when the client closes the connection or the server shuts down.
    let stop: StopSignal
    let outbox: StreamOutbox

    /// A thread-safe byte counter; the writer is `Sendable` and may be used from any task.
    final class Counter: Sendable {
        private let value = Mutex(0)

        func add(_ amount: Int) {
            self.value.withLock { $0 += amount }
        }

        var total: Int { self.value.withLock { $0 } }
    }

    func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard self.channel.isActive else { throw HTTPServerError.clientDisconnected }
        self.bytesWritten?.add(bytes.count)
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

    func send(_ bytes: [UInt8], backlog: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard self.channel.isActive else { return false }
        let writable = self.channel.isWritable
        guard let drain = self.outbox.add(bytes, allocator: self.channel.allocator, backlog: backlog, writable: writable) else {
            return false
        }
        self.bytesWritten?.add(bytes.count)
        self.schedule(drain)
        return true
    }

    /// Queues the outbox's drain on the event loop, now or when its window ends.
    private func schedule(_ drain: StreamOutbox.Drain) {
        let (channel, outbox) = (self.channel, self.outbox)
        switch drain {
        case .now: self.channel.eventLoop.execute { outbox.drain(into: channel) }
        case .later: outbox.flusher.enqueue(outbox, channel)
        case .none: break
        }
    }

    /// Writes whatever is still pending, then the end of the body, in that order (a drain
    /// that waits for its window must not come after the end); returns once written.
    func end() async throws {
        let (channel, outbox) = (self.channel, self.outbox)
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute {
            outbox.drain(into: channel, force: true)
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: written)
        }
        try await written.futureResult.get()
    }

    func abort() {
        self.channel.close(promise: nil)
    }

    func onStop(_ action: @escaping @Sendable () -> Void) {
        _ = self.stop.observe(action)
    }
}
