import NIOCore
import NIOHTTP1

extension StreamOutbox {
    /// Writes `buffers` as HTTP/1.1 chunks (`<size in hex>\r\n<bytes>\r\n`, one per buffer,
    /// exactly what NIO's `HTTPResponseEncoder` sends for a body part of a chunked response)
    /// from the encoder's place in the pipeline, and flushes from there; `promise` completes
    /// with the last write. Must run on the channel's event loop.
    ///
    /// Why below the encoder: a thousand listeners on one query mean a thousand lone writes per
    /// commit, one per idle socket, and each write sent from the channel's tail crossed every
    /// handler above the encoder, then the encoder, which wrote three buffers (size line,
    /// bytes, CRLF) as three pending writes. Here a piece under `coalescing` bytes is framed
    /// into one buffer of its own (a copy of a few hundred bytes) and leaves as one write: one
    /// pending write and one iovec. Larger pieces, kept by reference so that a thousand streams
    /// hold one copy, leave as three writes, as the encoder would send them. The handlers above
    /// the encoder pass body parts through unchanged (``ConnectionStateHandler`` acts on heads
    /// and ends only), and heads and ends still go through them and the encoder, in order: the
    /// end is written after the drain that empties the outbox (`ChannelResponseBodyWriter.end`).
    ///
    /// - Returns: false when the pipeline has no `HTTPResponseEncoder` (nothing was written:
    ///   the caller writes body parts through the channel instead).
    static func writeChunks(
        _ buffers: [ByteBuffer], promise: EventLoopPromise<Void>?, into channel: any Channel, encoder cache: EncoderContextCache
    ) -> Bool {
        guard let encoder = cache.context(of: HTTPResponseEncoder.self, in: channel) else { return false }
        var wire = EncoderWrites(from: encoder)
        // A chunk of size 0 would end the body: like the encoder, send nothing for an empty buffer.
        for buffer in buffers where buffer.readableBytes > 0 {
            let size = buffer.readableBytes
            if size < Self.coalescing {
                var framed = channel.allocator.buffer(capacity: size + Self.chunkFramingBytes)
                Self.writeChunkSize(size, into: &framed)
                framed.writeImmutableBuffer(buffer)
                framed.writeStaticString("\r\n")
                wire.add(framed)
            } else {
                var line = channel.allocator.buffer(capacity: Self.chunkFramingBytes)
                Self.writeChunkSize(size, into: &line)
                wire.add(line)
                wire.add(buffer)
                wire.add(channel.allocator.buffer(staticString: "\r\n"))
            }
        }
        wire.finish(promise: promise)
        return true
    }

    /// The most bytes a chunk's framing adds: 16 hex digits and two CRLFs.
    private static let chunkFramingBytes = 20

    /// Appends `size` in lowercase hexadecimal, then CRLF: a chunk's size line.
    static func writeChunkSize(_ size: Int, into buffer: inout ByteBuffer) {
        var shift = max(0, (Int.bitWidth - size.leadingZeroBitCount + 3) / 4 * 4 - 4)
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: (size >> shift) & 0xF)
            buffer.writeInteger(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            shift -= 4
        }
        buffer.writeStaticString("\r\n")
    }
}
