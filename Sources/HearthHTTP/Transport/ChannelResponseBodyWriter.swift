import NIOCore
import NIOHTTP1
import Synchronization

/// The ``ResponseBodyWriter`` handed to streamed bodies: each write becomes one HTTP body part
/// (one chunk when chunked), written and flushed through the connection's async outbound
/// writer, which suspends while the channel is not writable.
struct ChannelResponseBodyWriter: ResponseBodyWriter {
    let outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    let allocator: ByteBufferAllocator
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
        let buffer = self.allocator.buffer(bytes: bytes)
        do {
            try await self.outbound.write(.body(.byteBuffer(buffer)))
        } catch {
            throw HTTPServerError.clientDisconnected
        }
        self.bytesWritten.add(bytes.count)
    }
}
