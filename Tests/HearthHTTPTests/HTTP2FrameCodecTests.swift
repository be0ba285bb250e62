import HearthTesting
import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
import Testing

@testable import HearthHTTP

/// The HTTP/2 framing layer on its own, frame by frame over an embedded channel: what it
/// answers, what it hands up, what it holds for the client's window, and which broken inputs
/// end the connection (GOAWAY with the RFC 9113 code) or only their stream (RST_STREAM).
@Suite struct HTTP2FrameCodecTests {
    /// The codec and what reached the handler above it.
    final class Harness {
        let channel = EmbeddedChannel()
        let codec: HTTP2FrameCodec
        let above = Recorder()

        init(maxConcurrentStreams: Int = 100) throws {
            self.codec = HTTP2FrameCodec(maxConcurrentStreams: maxConcurrentStreams, maxHeaderListSize: 8_192)
            try self.channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            try self.channel.pipeline.syncOperations.addHandler(self.codec)
            try self.channel.pipeline.syncOperations.addHandler(self.above)
        }

        /// Sends `frames` (after the preface and an empty SETTINGS unless `handshake` is false)
        /// and returns the frames the server wrote meanwhile.
        @discardableResult
        func send(_ frames: [RawHTTP2Frame], handshake: Bool = false, raw: [UInt8] = []) throws -> [RawHTTP2Frame] {
            var bytes = raw
            if handshake { bytes += RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes }
            for frame in frames { bytes += frame.bytes }
            try self.channel.writeInbound(self.channel.allocator.buffer(bytes: bytes))
            self.channel.pipeline.fireChannelReadComplete()
            return try self.written()
        }

        /// The frames written since the last look.
        func written() throws -> [RawHTTP2Frame] {
            // A large payload is written apart from its header: read the writes as one stream.
            var bytes = ByteBuffer()
            while var buffer = try self.channel.readOutbound(as: ByteBuffer.self) { bytes.writeBuffer(&buffer) }
            var frames: [RawHTTP2Frame] = []
            while let header = bytes.readBytes(length: 9) {
                let length = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
                let stream = UInt32(header[5] & 0x7F) << 24 | UInt32(header[6]) << 16 | UInt32(header[7]) << 8 | UInt32(header[8])
                guard let payload = bytes.readBytes(length: length) else {
                    Issue.record("a frame cut short")
                    break
                }
                frames.append(RawHTTP2Frame(type: header[3], flags: header[4], stream: stream, payload: payload))
            }
            #expect(bytes.readableBytes == 0)
            return frames
        }

        func write(_ payload: HTTP2Frame.FramePayload, on stream: Int) {
            self.channel.write(HTTP2Frame(streamID: HTTP2StreamID(stream), payload: payload), promise: nil)
            self.channel.flush()
        }
    }

    /// What the codec hands up: frames, closed streams.
    final class Recorder: ChannelInboundHandler {
        typealias InboundIn = HTTP2Frame
        var frames: [HTTP2Frame] = []
        var closed: [(HTTP2StreamID, HTTP2ErrorCode?)] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            self.frames.append(self.unwrapInboundIn(data))
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? StreamClosedEvent { self.closed.append((event.streamID, event.reason)) }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {}
    }

    static let request = RawHTTP2Frame.headersBlock([
        (":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/Listen"), (":authority", "localhost"),
    ])

    static func headers(_ stream: UInt32, flags: UInt8 = RawHTTP2Frame.endHeaders, block: [UInt8] = request) -> RawHTTP2Frame {
        RawHTTP2Frame(type: RawHTTP2Frame.headers, flags: flags, stream: stream, payload: block)
    }

    static func windowUpdate(_ stream: UInt32, _ increment: UInt32) -> RawHTTP2Frame {
        RawHTTP2Frame(type: RawHTTP2Frame.windowUpdate, stream: stream, payload: Self.bigEndian(increment))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func code(_ frame: RawHTTP2Frame?, at offset: Int) -> UInt32? {
        guard let payload = frame?.payload, payload.count >= offset + 4 else { return nil }
        return payload[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test func theServerSpeaksFirstAndAcknowledgesSettingsAndPings() throws {
        let harness = try Harness(maxConcurrentStreams: 7)
        let settings = try harness.written()
        #expect(settings.map(\.type) == [RawHTTP2Frame.settings])
        #expect(settings.first?.payload == [0, 3, 0, 0, 0, 7, 0, 6, 0, 0, 0x20, 0])  // streams 7, header list 8,192
        let ping = RawHTTP2Frame(type: 0x6, payload: [1, 2, 3, 4, 5, 6, 7, 8])
        let answers = try harness.send([ping], handshake: true)
        #expect(answers.map(\.type) == [RawHTTP2Frame.settings, 0x6])
        #expect(answers.map(\.flags) == [RawHTTP2Frame.ack, RawHTTP2Frame.ack])
        #expect(answers.last?.payload == ping.payload)
        #expect(harness.channel.isActive)
    }

    @Test func aRequestGoesUpAndTheResponseClosesTheStream() throws {
        let harness = try Harness()
        _ = try harness.written()
        var body = ByteBuffer(bytes: [9, 9, 9])
        try harness.send(
            [
                Self.headers(1), RawHTTP2Frame(type: RawHTTP2Frame.data, flags: RawHTTP2Frame.endStream, stream: 1, payload: [1, 2]),
            ], handshake: true)
        #expect(harness.above.frames.count == 2)
        guard case .headers(let head) = harness.above.frames.first?.payload else {
            Issue.record("no HEADERS went up")
            return
        }
        #expect(head.headers.first(name: ":path") == "/google.firestore.v1.Firestore/Listen")
        harness.write(.headers(.init(headers: [":status": "200", "content-type": "application/grpc"])), on: 1)
        harness.write(.data(.init(data: .byteBuffer(body.readSlice(length: 3)!))), on: 1)
        harness.write(.headers(.init(headers: ["grpc-status": "0"], endStream: true)), on: 1)
        let response = try harness.written()
        #expect(response.map(\.type) == [RawHTTP2Frame.headers, RawHTTP2Frame.data, RawHTTP2Frame.headers])
        #expect(response.last?.flags == RawHTTP2Frame.endStream | RawHTTP2Frame.endHeaders)
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        var block = ByteBuffer(bytes: response[0].payload)
        #expect(try decoder.decodeHeaders(from: &block).first(name: "content-type") == "application/grpc")
        #expect(harness.above.closed.map(\.0) == [1])
        #expect(harness.above.closed.first?.1 == nil)
    }

    /// A response's frames are gathered into the buffer of the one before once the socket has
    /// let go of it; a buffer something still holds (here the test, as a socket that has not
    /// taken it yet) is never written over: the next response gets memory of its own.
    @Test func aResponseBufferStillHeldIsNotWrittenOver() throws {
        let harness = try Harness()
        _ = try harness.written()
        let ended = RawHTTP2Frame.endHeaders | RawHTTP2Frame.endStream
        try harness.send([Self.headers(1, flags: ended)], handshake: true)
        harness.write(.headers(.init(headers: [":status": "200", "content-type": "application/grpc"], endStream: true)), on: 1)
        let first = try #require(try harness.channel.readOutbound(as: ByteBuffer.self))
        let sent = Array(first.readableBytesView)
        for stream in [3, 5] {
            try harness.send([Self.headers(UInt32(stream), flags: ended)])
            harness.write(.headers(.init(headers: [":status": "404"], endStream: true)), on: stream)
            let response = try harness.written()
            #expect(response.map(\.stream) == [UInt32(stream)])
            #expect(response.first?.flags == ended)
        }
        #expect(Array(first.readableBytesView) == sent)
        #expect(harness.above.closed.map(\.0) == [1, 3, 5])
    }

    /// DATA beyond the client's windows waits, with the trailers written after it, until
    /// WINDOW_UPDATEs open both windows.
    @Test func dataBeyondTheWindowsWaitsForWindowUpdates() throws {
        let harness = try Harness()
        try harness.send([Self.headers(1, flags: RawHTTP2Frame.endHeaders | RawHTTP2Frame.endStream)], handshake: true)
        let body = ByteBuffer(repeating: 7, count: 100_000)
        harness.write(.headers(.init(headers: [":status": "200"])), on: 1)
        harness.write(.data(.init(data: .byteBuffer(body))), on: 1)
        harness.write(.headers(.init(headers: ["grpc-status": "0"], endStream: true)), on: 1)
        let first = try harness.written()
        #expect(first.filter { $0.type == RawHTTP2Frame.data }.map(\.payload.count).reduce(0, +) == 65_535)
        #expect(first.filter { $0.type == RawHTTP2Frame.data }.allSatisfy { $0.payload.count <= 16_384 })
        #expect(first.count { $0.type == RawHTTP2Frame.headers } == 1)
        // The stream's window alone is not enough: the connection's is spent too.
        #expect(try harness.send([Self.windowUpdate(1, 100_000)]).isEmpty)
        let rest = try harness.send([Self.windowUpdate(0, 100_000)])
        #expect(rest.filter { $0.type == RawHTTP2Frame.data }.map(\.payload.count).reduce(0, +) == 100_000 - 65_535)
        #expect(rest.last?.type == RawHTTP2Frame.headers)
        #expect(rest.last?.flags == RawHTTP2Frame.endStream | RawHTTP2Frame.endHeaders)
        #expect(harness.above.closed.map(\.0) == [1])
    }

    @Test func aLargeHeaderBlockIsSentAsContinuations() throws {
        let harness = try Harness()
        try harness.send([Self.headers(1, flags: RawHTTP2Frame.endHeaders | RawHTTP2Frame.endStream)], handshake: true)
        let message = String(repeating: "m", count: 40_000)
        harness.write(.headers(.init(headers: [":status": "200", "grpc-message": message], endStream: true)), on: 1)
        let frames = try harness.written()
        #expect(frames.map(\.type) == [RawHTTP2Frame.headers, 0x9, 0x9])
        #expect(frames.map(\.flags) == [RawHTTP2Frame.endStream, 0, RawHTTP2Frame.endHeaders])
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator(), maxDynamicTableSize: 4_096, maxHeaderListSize: 1 << 20)
        var block = ByteBuffer(bytes: frames.flatMap(\.payload))
        #expect(try decoder.decodeHeaders(from: &block).first(name: "grpc-message") == message)
    }

    @Test func aRequestHeaderBlockMayComeInContinuations() throws {
        let harness = try Harness()
        let block = Self.request
        try harness.send(
            [
                Self.headers(1, flags: RawHTTP2Frame.endStream, block: Array(block[..<10])),
                RawHTTP2Frame(type: 0x9, stream: 1, payload: Array(block[10..<20])),
                RawHTTP2Frame(type: 0x9, flags: RawHTTP2Frame.endHeaders, stream: 1, payload: Array(block[20...])),
            ], handshake: true)
        guard case .headers(let head) = harness.above.frames.first?.payload else {
            Issue.record("no HEADERS went up")
            return
        }
        #expect(head.endStream)
        #expect(head.headers.first(name: ":authority") == "localhost")
    }

    @Test func streamsPastTheLimitAreRefused() throws {
        let harness = try Harness(maxConcurrentStreams: 1)
        let answers = try harness.send([Self.headers(1), Self.headers(3)], handshake: true)
        let reset = answers.first { $0.type == RawHTTP2Frame.rstStream }
        #expect(reset?.stream == 3)
        #expect(Self.code(reset, at: 0) == 0x7)  // REFUSED_STREAM
        #expect(harness.above.frames.count == 1)
    }

    /// Stream errors reset their stream; the connection goes on.
    @Test(arguments: [
        ("trailers without END_STREAM", [headers(1), headers(1)], UInt32(0x1)),
        ("DATA after END_STREAM", [headers(1, flags: 0x5), RawHTTP2Frame(type: 0x0, stream: 1, payload: [1])], UInt32(0x5)),
        ("a WINDOW_UPDATE of 0", [headers(1), windowUpdate(1, 0)], UInt32(0x1)),
        ("PRIORITY of 4 bytes on an open stream", [headers(1), RawHTTP2Frame(type: 0x2, stream: 1, payload: [0, 0, 0, 0])], UInt32(0x6)),
    ])
    func streamErrorsResetTheStream(_ what: String, frames: [RawHTTP2Frame], code: UInt32) throws {
        let harness = try Harness()
        let answers = try harness.send(frames, handshake: true)
        let reset = answers.first { $0.type == RawHTTP2Frame.rstStream }
        #expect(reset?.stream == 1, "\(what)")
        #expect(Self.code(reset, at: 0) == code, "\(what)")
        #expect(harness.above.closed.first?.0 == 1, "\(what)")
        #expect(harness.channel.isActive, "\(what)")
        #expect(!answers.contains { $0.type == RawHTTP2Frame.goAway }, "\(what)")
    }

    /// A client that opens streams and resets them before they are answered (CVE-2023-44487,
    /// "rapid reset") is cut off with ENHANCE_YOUR_CALM past 200 within 30 s; streams it
    /// resets after their answer (a listener it stops) do not count.
    @Test func aRapidResetFloodClosesTheConnection() throws {
        let harness = try Harness()
        try harness.send([], handshake: true)
        func reset(_ id: UInt32) -> RawHTTP2Frame { RawHTTP2Frame(type: RawHTTP2Frame.rstStream, stream: id, payload: Self.bigEndian(0x8)) }
        var id: UInt32 = 1
        for _ in 0..<300 {
            try harness.send([Self.headers(id)])
            harness.write(.headers(.init(headers: [":status": "200"])), on: Int(id))
            try harness.send([reset(id)])
            id += 2
        }
        #expect(harness.channel.isActive, "resets of answered streams are a client cancelling its calls")
        for _ in 0..<HTTP2FrameCodec.maxUnansweredResets {
            try harness.send([Self.headers(id), reset(id)])
            id += 2
        }
        #expect(harness.channel.isActive, "\(HTTP2FrameCodec.maxUnansweredResets) unanswered resets are allowed")
        let answers = try harness.send([Self.headers(id), reset(id)])
        #expect(answers.last?.type == RawHTTP2Frame.goAway)
        #expect(Self.code(answers.last, at: 4) == 0xB)  // ENHANCE_YOUR_CALM
        #expect(!harness.channel.isActive)
    }

    /// With the connection's window given back (as the handler above does), DATA past the
    /// stream's own window resets the stream only.
    @Test func dataBeyondTheStreamsWindowResetsIt() throws {
        let harness = try Harness()
        try harness.send([Self.headers(1)], handshake: true)
        harness.write(.windowUpdate(windowSizeIncrement: 100_000), on: 0)
        let frame = RawHTTP2Frame(type: 0x0, stream: 1, payload: Array(repeating: 0, count: 16_384))
        let answers = try harness.send(Array(repeating: frame, count: 5))
        let reset = answers.first { $0.type == RawHTTP2Frame.rstStream }
        #expect(reset?.stream == 1)
        #expect(Self.code(reset, at: 0) == 0x3)  // FLOW_CONTROL_ERROR
        #expect(harness.channel.isActive)
    }

    /// DATA streamed in reads that each end inside a frame, its frames held above (as a
    /// stream's inbox holds them): each read's buffer holds the bytes left unread and that read,
    /// not every byte the connection has read. Before, the bytes left over were kept with all of
    /// their buffer, so each read's copy grew by a read: 20 connections streaming DATA took the
    /// server past 3 GiB (issue 35, item 5).
    @Test func theBytesLeftForTheNextReadDoNotCarryTheOnesRead() throws {
        let harness = try Harness()
        try harness.send([Self.headers(1)], handshake: true)
        harness.write(.windowUpdate(windowSizeIncrement: 4_000_000), on: 0)
        harness.write(.windowUpdate(windowSizeIncrement: 4_000_000), on: 1)
        _ = try harness.written()
        let frame = RawHTTP2Frame(type: 0x0, stream: 1, payload: Array(repeating: 1, count: 16_384)).bytes
        var stream: [UInt8] = []
        for _ in 0..<200 { stream += frame }  // 3.3 MB of DATA
        var offset = 0
        while offset < stream.count {
            let end = min(offset + 10_000, stream.count)
            try harness.channel.writeInbound(harness.channel.allocator.buffer(bytes: stream[offset..<end]))
            offset = end
        }
        let data = harness.above.frames.compactMap { frame -> ByteBuffer? in
            guard case .data(let data) = frame.payload, case .byteBuffer(let bytes) = data.data else { return nil }
            return bytes
        }
        #expect(data.count == 200)
        #expect(harness.channel.isActive)
        let largest = data.map(\.storageCapacity).max() ?? 0
        #expect(largest <= 64 * 1024, "a DATA frame's buffer holds \(largest) bytes")
    }

    /// Connection errors: GOAWAY with the code, then the close.
    @Test(arguments: [
        ("not the client preface", [UInt8]("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8), [RawHTTP2Frame](), UInt32(0x1)),
        ("PING before SETTINGS", RawHTTP2Frame.preface, [RawHTTP2Frame(type: 0x6, payload: Array(repeating: 0, count: 8))], UInt32(0x1)),
        ("a frame over 16,384 bytes", handshake, [RawHTTP2Frame(type: 0x0, stream: 1, payload: Array(repeating: 0, count: 16_385))], UInt32(0x6)),
        ("DATA on stream 0", handshake, [RawHTTP2Frame(type: 0x0, payload: [1])], UInt32(0x1)),
        ("DATA on a stream never opened", handshake, [RawHTTP2Frame(type: 0x0, stream: 5, payload: [1])], UInt32(0x1)),
        ("HEADERS on an even stream", handshake, [headers(2)], UInt32(0x1)),
        ("PUSH_PROMISE", handshake, [RawHTTP2Frame(type: 0x5, stream: 1, payload: [0, 0, 0, 2])], UInt32(0x1)),
        ("SETTINGS of 5 bytes", handshake, [RawHTTP2Frame(type: RawHTTP2Frame.settings, payload: [0, 0, 0, 0, 0])], UInt32(0x6)),
        ("SETTINGS_MAX_FRAME_SIZE too small", handshake, [RawHTTP2Frame(type: RawHTTP2Frame.settings, payload: [0, 5, 0, 0, 0, 1])], UInt32(0x1)),
        ("an initial window over 2^31-1", handshake, [RawHTTP2Frame(type: RawHTTP2Frame.settings, payload: [0, 4, 0x80, 0, 0, 0])], UInt32(0x3)),
        ("a connection WINDOW_UPDATE of 0", handshake, [windowUpdate(0, 0)], UInt32(0x1)),
        ("a window past 2^31-1", handshake, [windowUpdate(0, 0x7FFF_FFFF)], UInt32(0x3)),
        ("CONTINUATION with no HEADERS", handshake, [RawHTTP2Frame(type: 0x9, flags: RawHTTP2Frame.endHeaders, stream: 1)], UInt32(0x1)),
        ("a header block interrupted", handshake, [headers(1, flags: 0), windowUpdate(0, 1)], UInt32(0x1)),
        ("an HPACK index past both tables", handshake, [headers(1, block: [0xFF, 0x7F])], UInt32(0x9)),
        ("a malformed PRIORITY on an idle stream (which may not be reset)", handshake, [RawHTTP2Frame(type: 0x2, stream: 9, payload: [0])], UInt32(0x6)),
        ("a PRIORITY that depends on its own idle stream", handshake, [RawHTTP2Frame(type: 0x2, stream: 9, payload: [0, 0, 0, 9, 0])], UInt32(0x1)),
        ("HEADERS on a stream id skipped by a higher one", handshake, [headers(5), headers(3)], UInt32(0x1)),
        ("empty CONTINUATIONs past the bound", handshake, [headers(1, flags: 0)] + Array(repeating: RawHTTP2Frame(type: 0x9, stream: 1), count: HTTP2HeaderBlock.maxContinuations + 1), UInt32(0xB)),
        ("DATA beyond the connection's window", handshake, [headers(1)] + Array(repeating: RawHTTP2Frame(type: 0x0, stream: 1, payload: Array(repeating: 0, count: 16_384)), count: 5), UInt32(0x3)),
    ])
    func connectionErrorsSendGoAwayAndClose(_ what: String, raw: [UInt8], frames: [RawHTTP2Frame], code: UInt32) throws {
        let harness = try Harness()
        _ = try harness.written()
        let answers = try harness.send(frames, raw: raw)
        let goAway = answers.last
        #expect(goAway?.type == RawHTTP2Frame.goAway, "\(what)")
        #expect(Self.code(goAway, at: 4) == code, "\(what)")
        #expect(!harness.channel.isActive, "\(what)")
        // The debug data says what was wrong.
        #expect((goAway?.payload.count ?? 0) > 8, "\(what)")
    }

    static let handshake = RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
}
