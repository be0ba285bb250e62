import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import HearthHTTP

/// A chunked body's pieces framed by the outbox below the response encoder
/// (``StreamOutbox/writeChunks(_:promise:into:)``) reach the wire byte for byte as the
/// encoder frames them: small pieces framed in one buffer, large ones as three writes.
@Suite struct StreamOutboxChunksTests {
    /// An HTTP/1.1 pipeline's encoder on an embedded channel, the head of a chunked response
    /// already written (and read off), as `HTTPConnection` leaves it before a stream's body.
    func makeChannel() throws -> EmbeddedChannel {
        var configuration = HTTPResponseEncoder.Configuration()
        configuration.automaticallySetFramingHeaders = false
        let channel = EmbeddedChannel(handler: HTTPResponseEncoder(configuration: configuration))
        let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["transfer-encoding": "chunked"])
        try channel.writeOutbound(HTTPServerResponsePart.head(head))
        _ = try Self.written(by: channel)
        return channel
    }

    /// Every byte the channel has written since last read.
    static func written(by channel: EmbeddedChannel) throws -> String {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readableBytesView
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Queues `pieces` in an outbox, drains it into `channel` framed as `framing` says and ends the
    /// body; returns what went on the wire, and whether the drain's waiter was completed.
    func drain(_ pieces: [[UInt8]], framing: (any Channel) -> StreamSink, into channel: EmbeddedChannel) throws -> (String, Bool) {
        let outbox = StreamOutbox(flusher: StreamFlusher(loop: channel.eventLoop))
        let waiter = channel.eventLoop.makePromise(of: Void.self)
        for piece in pieces.dropLast() {
            _ = outbox.add(SharedBytes(piece), backlog: 1_000, bound: 1 << 20, writable: true)
        }
        _ = outbox.add(pieces.last!, allocator: channel.allocator, waiter: waiter)
        var done = false
        waiter.futureResult.assumeIsolated().whenSuccess { done = true }
        outbox.drain(into: framing(channel))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        return (try Self.written(by: channel), done)
    }

    /// The same pieces (small ones, then one over the coalescing size, then a small one)
    /// through the encoder and below it: the same bytes, each piece its own chunk.
    @Test func chunksFramedBelowTheEncoderMatchTheEncoders() throws {
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: StreamOutbox.coalescing + 1)
        let pieces: [[UInt8]] = [Array("data: {}\n\n".utf8), large, Array("data: 1\n\n".utf8)]
        let (below, belowDone) = try self.drain(pieces, framing: { .httpChunks($0, EncoderContextCache(eventLoop: $0.eventLoop)) }, into: try self.makeChannel())
        let (through, throughDone) = try self.drain(pieces, framing: StreamSink.httpBody, into: try self.makeChannel())
        #expect(below == through)
        #expect(belowDone && throughDone)
        #expect(below.hasPrefix("a\r\ndata: {}\n\n\r\n4001\r\nxxx"))
        #expect(below.hasSuffix("x\r\n9\r\ndata: 1\n\n\r\n0\r\n\r\n"))
    }

    /// A lone piece leaves as one buffer, size line and bytes and CRLF together.
    @Test func aSmallPieceLeavesAsOneWrite() throws {
        let channel = try self.makeChannel()
        let outbox = StreamOutbox(flusher: StreamFlusher(loop: channel.eventLoop))
        _ = outbox.add(SharedBytes(Array("data: {\"a\":1}\n\n".utf8)), backlog: 1_000, bound: 1 << 20, writable: true)
        let encoder = EncoderContextCache(eventLoop: channel.eventLoop)
        outbox.drain(into: .httpChunks(channel, encoder))
        let first = try channel.readOutbound(as: ByteBuffer.self)
        #expect(first.map { String(buffer: $0) } == "f\r\ndata: {\"a\":1}\n\n\r\n")
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        // The next drain writes from the context found by the first.
        _ = outbox.add(SharedBytes(Array("data: 2\n\n".utf8)), backlog: 1_000, bound: 1 << 20, writable: true)
        outbox.drain(into: .httpChunks(channel, encoder))
        #expect(try channel.readOutbound(as: ByteBuffer.self).map { String(buffer: $0) } == "9\r\ndata: 2\n\n\r\n")
    }

    /// Small shared pieces behind one another (a busy stream) leave as one buffer, the first
    /// copied into the buffer the next were appended to, so one chunk carries them all.
    @Test func smallPiecesInARowLeaveAsOneChunk() throws {
        let channel = try self.makeChannel()
        let outbox = StreamOutbox(flusher: StreamFlusher(loop: channel.eventLoop))
        for event in ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"] {
            _ = outbox.add(SharedBytes(Array(event.utf8)), backlog: 1_000, bound: 1 << 20, writable: true)
        }
        #expect(outbox.pendingBytes == 27)
        outbox.drain(into: .httpChunks(channel, EncoderContextCache(eventLoop: channel.eventLoop)))
        #expect(try Self.written(by: channel) == "1b\r\ndata: 1\n\ndata: 2\n\ndata: 3\n\n\r\n")
        #expect(outbox.pendingBytes == 0)
    }

    /// Size lines in lowercase hexadecimal, as the encoder writes them.
    @Test(arguments: [1, 9, 10, 15, 16, 255, 256, 4_096, 65_535, 1 << 20])
    func sizeLines(size: Int) {
        var buffer = ByteBuffer()
        StreamOutbox.writeChunkSize(size, into: &buffer)
        #expect(String(buffer: buffer) == String(size, radix: 16) + "\r\n")
    }

    /// Without an HTTP/1.1 encoder in the pipeline nothing is written and the caller is told.
    @Test func withoutAnEncoderNothingIsWritten() throws {
        let channel = EmbeddedChannel()
        let encoder = EncoderContextCache(eventLoop: channel.eventLoop)
        #expect(!StreamOutbox.writeChunks([ByteBuffer(string: "x")], promise: nil, into: channel, encoder: encoder))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }
}
