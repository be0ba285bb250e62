import NIOCore
import NIOWebSocket

extension StreamOutbox {
    /// Writes the line-feed-ended messages in `buffers` as WebSocket text frames (FIN, opcode
    /// text, unmasked: byte for byte what NIO's `WebSocketFrameEncoder` sends a client for
    /// `WebSocketFrame(fin: true, opcode: .text, data:)`) from the encoder's place in the
    /// pipeline, and flushes from there; `promise` completes with the last write. Empty lines
    /// send nothing. Must run on the channel's event loop.
    ///
    /// Why below the encoder: a thousand sockets listening on one location at 200 writes/s
    /// drain about six messages each per window, and each message sent as a `WebSocketFrame`
    /// from the channel's tail crossed every handler, then the encoder, which wrote its header
    /// and its payload as two pending writes: twelve pipeline trips and iovecs for one socket
    /// write. Here messages under `coalescing` bytes are framed into one buffer (a copy of a few
    /// hundred bytes) and leave as one write; larger ones, kept by reference so that a thousand
    /// sockets hold one copy, leave as a header and the payload, as the encoder would send them.
    ///
    /// - Returns: false when the pipeline has no `WebSocketFrameEncoder` (nothing was written:
    ///   the caller writes frames through the channel instead).
    static func writeWebSocketText(
        _ buffers: [ByteBuffer], promise: EventLoopPromise<Void>?, into channel: any Channel, encoder cache: EncoderContextCache
    ) -> Bool {
        guard let encoder = cache.context(of: WebSocketFrameEncoder.self, in: channel) else { return false }
        var wire = EncoderWrites(from: encoder)
        let bytes = buffers.reduce(0) { $0 + $1.readableBytes }
        var framed = channel.allocator.buffer(capacity: bytes + bytes / 4 + Self.frameHeaderBytes)
        for buffer in buffers {
            WebSocketOutbox.forEachMessage(in: buffer) { message in
                Self.writeTextFrameHeader(length: message.readableBytes, into: &framed)
                if message.readableBytes < Self.coalescing {
                    framed.writeImmutableBuffer(message)
                } else {
                    wire.add(framed)
                    wire.add(message)
                    framed = channel.allocator.buffer(capacity: Self.frameHeaderBytes)
                }
            }
        }
        if framed.readableBytes > 0 { wire.add(framed) }
        wire.finish(promise: promise)
        return true
    }

    /// The most bytes a server frame's header takes: two, and eight of length.
    static let frameHeaderBytes = 10

    /// Appends the header of an unmasked final text frame of `length` payload bytes (RFC 6455
    /// §5.2: 7-bit length, or 126 and 16 bits, or 127 and 64 bits, network order).
    static func writeTextFrameHeader(length: Int, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(0x81))  // FIN, opcode 1 (text)
        if length <= 125 {
            buffer.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        } else {
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
