import NIOCore
import Synchronization

/// The reading side of ``LoopbackFloor``, the benchmark's own kind of reader: a NIO channel per
/// socket on one event-loop thread, one read per readiness, and for each message the time from
/// its stamp (its first 8 bytes) to the read that completed it. Nothing else: no parsing.
final class FloorReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Every reader's arrivals, for the main thread once the rounds are over.
    final class Log: Sendable {
        private let latencies = Mutex<[UInt64]>([])

        func record(_ latency: UInt64) { self.latencies.withLock { $0.append(latency) } }
        var count: Int { self.latencies.withLock { $0.count } }
        var sorted: [UInt64] { self.latencies.withLock { $0.sorted() } }
    }

    private let bytes: Int
    private let log: Log
    /// Bytes of the message being read so far, and its stamp.
    private var offset = 0
    private var stamp: UInt64 = 0

    init(bytes: Int, log: Log) {
        self.bytes = bytes
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = Monotonic.now()
        var buffer = Self.unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            if self.offset < 8 {
                // The stamp's bytes, little-endian as written.
                while self.offset < 8, let byte = buffer.readInteger(as: UInt8.self) {
                    self.stamp |= UInt64(byte) << (8 * UInt64(self.offset))
                    self.offset += 1
                }
            } else {
                let take = min(self.bytes - self.offset, buffer.readableBytes)
                buffer.moveReaderIndex(forwardBy: take)
                self.offset += take
            }
            if self.offset == self.bytes {
                self.log.record(now >= self.stamp ? now - self.stamp : 0)
                self.offset = 0
                self.stamp = 0
            }
        }
    }
}
