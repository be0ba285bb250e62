import NIOCore
import NIOHTTP1
import Synchronization

/// The ``ResponseBodyWriter`` handed to streamed bodies: each write becomes one HTTP body part
/// (one chunk when chunked), written and flushed, and the call returns only once the bytes
/// have been handed to the kernel.
///
/// Waiting for each write's completion, rather than for the channel's writability as the
/// async outbound writer does, gives a strict bound: a client that stops reading holds at
/// most the socket buffers plus one piece, instead of however many pieces a fast producer
/// queued on the event loop before the writability change reached it. The cost is one
/// promise per piece, which is noise next to a socket write.
struct ChannelResponseBodyWriter: ResponseBodyWriter {
    let channel: any Channel
    /// Bytes written so far, to detect a stream shorter than its declared `Content-Length`.
    let bytesWritten: Counter

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
        let buffer = self.channel.allocator.buffer(bytes: bytes)
        do {
            try await self.channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer))).get()
        } catch {
            throw HTTPServerError.clientDisconnected
        }
        self.bytesWritten.add(bytes.count)
    }
}
