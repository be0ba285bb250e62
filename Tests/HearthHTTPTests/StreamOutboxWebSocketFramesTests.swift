import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import HearthHTTP

/// A WebSocket session's messages framed by the outbox below the frame encoder
/// (``StreamOutbox/writeWebSocketText(_:promise:into:)``) reach the wire byte for byte as NIO's
/// encoder frames them, at every length encoding, in fewer writes.
@Suite struct StreamOutboxWebSocketFramesTests {
    /// Every buffer the channel has written since last read.
    static func writes(by channel: EmbeddedChannel) throws -> [ByteBuffer] {
        var buffers: [ByteBuffer] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { buffers.append(buffer) }
        return buffers
    }

    /// Queues `pieces` in a WebSocket outbox's `StreamOutbox`, drains it into a channel with
    /// NIO's frame encoder and returns what went on the wire, and whether the drain's waiter
    /// was completed. `below` false writes them as frames through the encoder instead (the
    /// fallback a pipeline without the encoder gets).
    func drain(_ pieces: [[UInt8]], below: Bool) throws -> (writes: [ByteBuffer], done: Bool) {
        let channel = below ? EmbeddedChannel(handler: WebSocketFrameEncoder()) : EmbeddedChannel()
        let outbox = StreamOutbox(flusher: StreamFlusher(loop: channel.eventLoop))
        for piece in pieces.dropLast() {
            _ = outbox.add(SharedBytes(piece), backlog: 1_000, bound: 1 << 24, writable: true)
        }
        let waiter = channel.eventLoop.makePromise(of: Void.self)
        _ = outbox.add(pieces.last!, allocator: channel.allocator, waiter: waiter)
        var done = false
        waiter.futureResult.assumeIsolated().whenSuccess { done = true }
        outbox.drain(into: .webSocketText(channel, EncoderContextCache(eventLoop: channel.eventLoop)))
        if below { return (try Self.writes(by: channel), done) }
        // Frame what the fallback wrote with NIO's encoder, as the real pipeline would.
        var frames: [WebSocketFrame] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) { frames.append(frame) }
        let encoded = EmbeddedChannel(handler: WebSocketFrameEncoder())
        for frame in frames { try encoded.writeOutbound(frame) }
        return (try Self.writes(by: encoded), done)
    }

    static func bytes(_ buffers: [ByteBuffer]) -> [UInt8] {
        buffers.flatMap { Array($0.readableBytesView) }
    }

    /// Messages at each length encoding's edges (7-bit, 16-bit, 64-bit), one over the
    /// coalescing size among small ones, an empty line: the same bytes as NIO's encoder.
    @Test func framesBelowTheEncoderMatchTheEncoders() throws {
        let lengths = [1, 125, 126, 127, 1_000, StreamOutbox.coalescing + 1, 3, 65_535, 65_536, 2]
        let messages = lengths.map { [UInt8](repeating: UInt8(ascii: "a") + UInt8($0 % 26), count: $0) }
        var pieces = messages.map { $0 + [0x0A] }
        pieces.insert([0x0A], at: 2)  // an empty line: no frame
        let below = try self.drain(pieces, below: true)
        let through = try self.drain(pieces, below: false)
        #expect(Self.bytes(below.writes) == Self.bytes(through.writes))
        #expect(below.done && through.done)
        // Small messages share buffers; each large one is a header then its payload by reference.
        #expect(below.writes.count < through.writes.count)
    }

    /// Several small messages leave as one buffer.
    @Test func smallMessagesLeaveAsOneWrite() throws {
        let (writes, done) = try self.drain([Array("{\"t\":\"d\"}\n".utf8), Array("{\"t\":\"c\"}\n{\"a\":1}\n".utf8)], below: true)
        #expect(done)
        #expect(writes.count == 1)
        var expected: [UInt8] = []
        for message in ["{\"t\":\"d\"}", "{\"t\":\"c\"}", "{\"a\":1}"] {
            expected += [0x81, UInt8(message.utf8.count)] + Array(message.utf8)
        }
        #expect(Self.bytes(writes) == expected)
    }

    /// Header lengths as RFC 6455 §5.2 encodes them.
    @Test(arguments: [(0, [0x81, 0]), (125, [0x81, 125]), (126, [0x81, 126, 0, 126]), (65_535, [0x81, 126, 0xFF, 0xFF]),
                      (65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])])
    func headers(length: Int, expected: [UInt8]) {
        var buffer = ByteBuffer()
        StreamOutbox.writeTextFrameHeader(length: length, into: &buffer)
        #expect(Array(buffer.readableBytesView) == expected)
    }

    /// Without a frame encoder in the pipeline nothing is written and the caller is told.
    @Test func withoutAnEncoderNothingIsWritten() throws {
        let channel = EmbeddedChannel()
        let encoder = EncoderContextCache(eventLoop: channel.eventLoop)
        #expect(!StreamOutbox.writeWebSocketText([ByteBuffer(string: "x\n")], promise: nil, into: channel, encoder: encoder))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }
}
