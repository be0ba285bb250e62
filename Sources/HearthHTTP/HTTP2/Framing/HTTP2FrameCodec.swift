import NIOCore
import NIOHPACK
import NIOHTTP2

/// The server's side of HTTP/2 framing (RFC 9113) between the socket and the
/// ``HTTP2ConnectionHandler``: bytes in, `HTTP2Frame`s of the client's streams out (HEADERS
/// decoded with HPACK (``HPACKHeaderDecoder``), DATA as slices of what was read), and the streams' frames in, bytes out.
/// The connection's own frames are answered here: the preface, SETTINGS and their ACK, PING,
/// WINDOW_UPDATE, GOAWAY from the client. A stream's close (both sides ended, or reset by either
/// side) goes up as NIO's `StreamClosedEvent`; the connection's receive window, once half spent,
/// as NIO's `NIOHTTP2WindowUpdatedEvent`, so the handler above gives it back.
///
/// Why not NIO's `NIOHTTP2Handler`: it is a general client-and-server state machine (push,
/// priorities, header validation, every setting, frame-by-frame buffering) and cost about
/// 22 KiB per connection and a large part of a unary gRPC call's server time (`heaptrack`,
/// `perf`). A server that takes a request and answers it needs less: one table of open
/// streams, both windows per stream, and the frames waiting for the client's window.
///
/// Bounds: a frame is at most 16,384 bytes (the SETTINGS_MAX_FRAME_SIZE this server keeps), so
/// at most one frame's bytes wait here for the rest of a read; a header block across
/// CONTINUATION frames is bounded by ``HTTP2HeaderBlock`` (bytes, frames and time); what waits for the client's
/// window is what the streams wrote, which the ``HTTP2ConnectionHandler`` bounds per stream by
/// its writability. A connection error (RFC 9113 §5.4.1) sends GOAWAY with the error's code
/// and a message, and closes.
final class HTTP2FrameCodec: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = HTTP2Frame
    typealias OutboundIn = HTTP2Frame
    typealias OutboundOut = ByteBuffer

    /// The flow-control window HTTP/2 starts with (RFC 9113 §6.9.2), and the largest a window
    /// may grow to.
    static let initialWindow = 65_535
    static let maxWindow = Int(Int32.max)
    /// The largest frame this server reads: SETTINGS_MAX_FRAME_SIZE's default, kept.
    static let maxFrameSize = 16_384
    /// Control frames (SETTINGS and PING acknowledgements) answered while the socket takes no
    /// more, before the connection is closed: a client that sends PINGs and reads nothing would
    /// otherwise grow the server's outbound buffer without bound (NIO's figure).
    static let maxUnsentControlFrames = 10_000
    /// Streams the client may reset before the server answered them, per ``resetWindow``, before
    /// the connection is closed with ENHANCE_YOUR_CALM: opening streams and resetting them at
    /// once makes the server start and cancel work for each at no cost to the client
    /// (CVE-2023-44487, "rapid reset"). NIO's figures; a client that cancels calls it was
    /// answered (a listener it stops) is not counted.
    static let maxUnansweredResets = 200
    static let resetWindow = TimeAmount.seconds(30)
    /// Payloads up to this size are copied next to their frame header into the connection's
    /// output buffer (one socket write for a whole response); larger ones are written as they are.
    static let largestCopiedPayload = 4_096
    /// The largest output kept as ``spareOutput`` (a unary response fits; one that grew for a
    /// burst is let go).
    static let largestSpareOutput = 4_096

    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    let maxConcurrentStreams: Int
    let maxHeaderListSize: Int
    var context: ChannelHandlerContext?
    var streams: [HTTP2StreamID: HTTP2StreamState] = [:]
    /// The highest stream id the client has opened: lower ids not in ``streams`` are closed.
    var lastClientStream: HTTP2StreamID = .rootStream
    var decoder: HPACKHeaderDecoder
    /// The responses' header blocks (its dynamic table follows the client's table size).
    var encoder = HPACKHeaderEncoder()

    // Reading.
    private var unread: ByteBuffer?
    private var prefaceRead = false
    private var settingsRead = false
    /// A header block whose CONTINUATION frames are still coming.
    private var headerBlock: HTTP2HeaderBlock?
    /// Closed streams' ids that say how to answer their late frames (§5.1).
    var closedStreams = HTTP2ClosedStreams()
    var reading = false
    var connectionReceiveWindow = HTTP2FrameCodec.initialWindow
    var closing = false
    private var unsentControlFrames = 0
    /// Streams the client reset before their answer since ``resetWindowStart``.
    private var unansweredResets = 0
    private var resetWindowStart = NIODeadline.uptimeNanoseconds(0)

    // Writing.
    var peerInitialWindow = HTTP2FrameCodec.initialWindow
    var peerMaxFrameSize = HTTP2FrameCodec.maxFrameSize
    var connectionSendWindow = HTTP2FrameCodec.initialWindow
    /// Streams with frames waiting for the connection's window, in the order they blocked.
    var blockedOnConnection: [HTTP2StreamID] = []
    /// Frames not yet handed to the socket, and the promises of the writes they carry.
    var output: ByteBuffer?
    var outputPromises: [EventLoopPromise<Void>] = []
    /// The last output handed to the socket, kept to gather the next frames into: once the
    /// socket has taken it, NIO lets go and its memory is reused as is (if NIO still holds it,
    /// `clear()` gives the next frames fresh memory: copy-on-write). A unary call's response
    /// then allocates no buffer for its frames.
    var spareOutput: ByteBuffer?
    /// A stream ended in the frames gathered in ``output`` (see ``writeOutput(_:)``).
    var outputEndsStream = false
    var needsFlush = false
    /// Frames were written since the last flush (``flushSoon()`` has something to flush).
    var unflushed = false

    init(maxConcurrentStreams: Int, maxHeaderListSize: Int) {
        self.maxConcurrentStreams = maxConcurrentStreams
        self.maxHeaderListSize = maxHeaderListSize
        self.decoder = HPACKHeaderDecoder(maxHeaderListSize: maxHeaderListSize)
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { self.sendSettings(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.sendSettings(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.failEverything()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.closing = true
        self.failEverything()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { self.unsentControlFrames = 0 }
        context.fireChannelWritabilityChanged()
    }

    /// The server's SETTINGS, the first frame it sends (RFC 9113 §3.4): how many streams a
    /// client may open at once and how large a header list may be. Windows and frame sizes keep
    /// their defaults.
    private func sendSettings(_ context: ChannelHandlerContext) {
        var payload = context.channel.allocator.buffer(capacity: 12)
        payload.writeMultipleIntegers(UInt16(0x3), UInt32(clamping: self.maxConcurrentStreams))
        payload.writeMultipleIntegers(UInt16(0x6), UInt32(clamping: self.maxHeaderListSize))
        self.emit(HTTP2FrameHeader(length: payload.readableBytes, type: .settings, streamID: .rootStream), payload: payload, promise: nil)
        self.flushOutput()
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !self.closing else { return }
        var buffer = self.unwrapInboundIn(data)
        if var unread = self.unread {
            self.unread = nil
            unread.writeBuffer(&buffer)
            buffer = unread
        }
        self.reading = true
        do {
            try self.readFrames(from: &buffer, context: context)
        } catch {
            self.fail(with: error, context: context)
            return
        }
        // Only the unread bytes are kept (`slice()`): the buffer itself spans every byte of the
        // reads gathered into it, and the next read's copy-on-write (the DATA slices handed up
        // share its storage) would copy all of them again. A client streaming DATA, whose every
        // read ends inside a frame, grew that copy by a read each time, each copy kept alive by
        // the frames sliced from it: 20 such connections took the server from 36 MiB to 3.4 GiB
        // in 5 s (heaptrack: this line), and the copying grew quadratically.
        if buffer.readableBytes > 0 { self.unread = buffer.slice() }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        self.reading = false
        context.fireChannelReadComplete()
        if self.needsFlush { self.flushOutput() }
    }

    private func readFrames(from buffer: inout ByteBuffer, context: ChannelHandlerContext) throws(HTTP2ConnectionError) {
        if !self.prefaceRead {
            guard buffer.readableBytes >= Self.preface.count else { return }
            guard buffer.readBytes(length: Self.preface.count) == Self.preface else {
                throw HTTP2ConnectionError(.protocolError, "the connection did not start with HTTP/2's client preface")
            }
            self.prefaceRead = true
        }
        while !self.closing, let header = HTTP2FrameHeader(peeking: buffer) {
            guard header.length <= Self.maxFrameSize else {
                throw HTTP2ConnectionError(
                    .frameSizeError, "a frame of \(header.length) bytes exceeds SETTINGS_MAX_FRAME_SIZE (\(Self.maxFrameSize))")
            }
            guard buffer.readableBytes >= HTTP2FrameHeader.size + header.length else { return }
            buffer.moveReaderIndex(forwardBy: HTTP2FrameHeader.size)
            let payload = buffer.readSlice(length: header.length)!
            try self.read(header, payload: payload, context: context)
        }
    }

    private func read(_ header: HTTP2FrameHeader, payload: ByteBuffer, context: ChannelHandlerContext) throws(HTTP2ConnectionError) {
        if let block = self.headerBlock, header.type != HTTP2FrameType.continuation.rawValue || header.streamID != block.stream {
            throw HTTP2ConnectionError(.protocolError, "a header block on stream \(block.stream) was interrupted before its END_HEADERS")
        }
        guard let type = HTTP2FrameType(rawValue: header.type) else { return }  // an extension: ignored (§4.1)
        guard self.settingsRead || type == .settings else {
            throw HTTP2ConnectionError(.protocolError, "the client's first frame must be SETTINGS, not \(type)")
        }
        switch type {
        case .data: try self.readData(header, payload: payload, context: context)
        case .headers: try self.readHeaders(header, payload: payload, context: context)
        case .continuation: try self.readContinuation(header, payload: payload, context: context)
        case .priority: try self.readPriority(header, payload: payload)
        case .rstStream: try self.readReset(header, payload: payload)
        case .settings: try self.readSettings(header, payload: payload)
        case .ping: try self.readPing(header, payload: payload)
        case .windowUpdate: try self.readWindowUpdate(header, payload: payload)
        case .goAway:
            // The client is leaving: the streams it sent are still answered; it closes the socket.
            try Self.require(header.streamID == .rootStream, "GOAWAY on stream \(header.streamID)")
        case .pushPromise:
            throw HTTP2ConnectionError(.protocolError, "a client may not send PUSH_PROMISE")
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(HTTP2ConnectionError) {
        guard condition else { throw HTTP2ConnectionError(.protocolError, message()) }
    }

    // MARK: Streams' frames

    private func readData(_ header: HTTP2FrameHeader, payload: ByteBuffer, context: ChannelHandlerContext) throws(HTTP2ConnectionError) {
        let id = header.streamID
        try Self.require(id != .rootStream, "DATA on stream 0")
        try Self.require(id <= self.lastClientStream, "DATA on stream \(id), which the client never opened")
        // Every DATA frame counts against the connection's window, padding included, even on a
        // stream that has closed (§6.9).
        guard header.length <= self.connectionReceiveWindow else {
            throw HTTP2ConnectionError(.flowControlError, "DATA beyond the connection's flow-control window")
        }
        self.connectionReceiveWindow -= header.length
        if self.connectionReceiveWindow <= Self.initialWindow / 2 {
            context.fireUserInboundEventTriggered(
                NIOHTTP2WindowUpdatedEvent(streamID: .rootStream, inboundWindowSize: self.connectionReceiveWindow, outboundWindowSize: nil))
        }
        var data = payload
        let padding = try Self.stripPadding(header, from: &data)
        guard let stream = self.streams[id] else { return self.answerLateFrame(on: id) }
        guard !stream.remoteEnded else {
            self.resetFromRead(id, code: .streamClosed)
            return
        }
        guard header.length <= stream.receiveWindow else {
            self.resetFromRead(id, code: .flowControlError)
            return
        }
        stream.receiveWindow -= header.length
        let endStream = header.flags.contains(.endStream)
        // A body longer or shorter than its content-length is malformed (§8.1.1).
        if let expected = stream.unreceivedLength {
            stream.unreceivedLength = expected - data.readableBytes
            guard expected >= data.readableBytes, !endStream || expected == data.readableBytes else {
                return self.resetFromRead(id, code: .protocolError)
            }
        }
        if endStream { stream.remoteEnded = true }
        let frame = HTTP2Frame.FramePayload.data(.init(data: .byteBuffer(data), endStream: endStream, paddingBytes: padding))
        context.fireChannelRead(self.wrapInboundOut(HTTP2Frame(streamID: id, payload: frame)))
        if endStream, stream.localEnded { self.closeStream(id, reason: nil) }
    }

    private func readHeaders(_ header: HTTP2FrameHeader, payload: ByteBuffer, context: ChannelHandlerContext) throws(HTTP2ConnectionError) {
        let id = header.streamID
        try Self.require(Int32(id) % 2 == 1, "HEADERS on stream \(id): a client's streams have odd ids")
        var fragment = payload
        _ = try Self.stripPadding(header, from: &fragment)
        var dependsOnItself = false
        if header.flags.contains(.priority) {
            guard let dependency = fragment.readInteger(as: UInt32.self), fragment.readInteger(as: UInt8.self) != nil else {
                throw HTTP2ConnectionError(.protocolError, "HEADERS too short for its priority fields")
            }
            dependsOnItself = dependency & 0x7FFF_FFFF == UInt32(Int32(id))
        }
        let endStream = header.flags.contains(.endStream)
        guard header.flags.contains(.endHeaders) else {
            self.headerBlock = HTTP2HeaderBlock(
                stream: id, endStream: endStream, dependsOnItself: dependsOnItself, first: fragment,
                allocator: context.channel.allocator)
            return
        }
        try self.readHeaderBlock(&fragment, on: id, endStream: endStream, dependsOnItself: dependsOnItself, context: context)
    }

    private func readContinuation(_ header: HTTP2FrameHeader, payload: ByteBuffer, context: ChannelHandlerContext) throws(HTTP2ConnectionError) {
        guard var block = self.headerBlock else {
            throw HTTP2ConnectionError(.protocolError, "CONTINUATION on stream \(header.streamID) follows no header block")
        }
        self.headerBlock = nil
        var fragment = payload
        try block.append(&fragment, maxHeaderListSize: self.maxHeaderListSize)
        guard header.flags.contains(.endHeaders) else {
            self.headerBlock = block
            return
        }
        try self.readHeaderBlock(
            &block.fragments, on: block.stream, endStream: block.endStream, dependsOnItself: block.dependsOnItself,
            context: context)
    }

    /// A whole header block: a new stream's request, a stream's trailers, or (on a stream that
    /// has closed) decoded only to keep the HPACK table in step with the client's. A new stream
    /// whose priority depends on itself is reset with PROTOCOL_ERROR (§5.3.1), once decoded.
    private func readHeaderBlock(
        _ block: inout ByteBuffer, on id: HTTP2StreamID, endStream: Bool, dependsOnItself: Bool, context: ChannelHandlerContext
    ) throws(HTTP2ConnectionError) {
        let headers: HPACKHeaders
        do {
            headers = try self.decoder.decode(&block)
        } catch {
            throw HTTP2ConnectionError(.compressionError, "the header block on stream \(id) is not valid HPACK (\(error))")
        }
        if let stream = self.streams[id] {
            guard !stream.remoteEnded else { return self.resetFromRead(id, code: .streamClosed) }
            guard endStream else { return self.resetFromRead(id, code: .protocolError) }  // trailers end the stream
            // Trailers carry no pseudo-header (§8.1): malformed.
            guard !headers.contains(where: { $0.name.utf8.first == UInt8(ascii: ":") }) else {
                return self.resetFromRead(id, code: .protocolError)
            }
            stream.remoteEnded = true
        } else if id <= self.lastClientStream {
            // A stream id below one already opened: never used (§5.1.1), or closed (§5.1).
            try Self.require(!self.closedStreams.skipped(id), "HEADERS on stream \(id), below a stream already opened")
            return self.answerLateFrame(on: id)
        } else {
            self.closedStreams.open(id, after: self.lastClientStream)
            self.lastClientStream = id
            guard !dependsOnItself else { return self.resetFromRead(id, code: .protocolError) }
            guard self.streams.count < self.maxConcurrentStreams else { return self.resetFromRead(id, code: .refusedStream) }
            let stream = HTTP2StreamState(remoteEnded: endStream, sendWindow: self.peerInitialWindow, receiveWindow: Self.initialWindow)
            stream.unreceivedLength = headers.first(name: "content-length").flatMap { Int($0) }
            self.streams[id] = stream
        }
        let frame = HTTP2Frame.FramePayload.headers(.init(headers: headers, endStream: endStream))
        context.fireChannelRead(self.wrapInboundOut(HTTP2Frame(streamID: id, payload: frame)))
        if endStream, self.streams[id]?.localEnded == true { self.closeStream(id, reason: nil) }
    }

    /// Priorities are not used (RFC 9113 deprecates them), but a malformed one (not 5 bytes,
    /// §6.3; depending on its own stream, §5.3.1) is a stream error: the stream is reset if open;
    /// an idle or closed stream may not be reset, so the error is the connection's (§5.4.1).
    private func readPriority(_ header: HTTP2FrameHeader, payload: ByteBuffer) throws(HTTP2ConnectionError) {
        let id = header.streamID
        try Self.require(id != .rootStream, "PRIORITY on stream 0")
        let code: HTTP2ErrorCode
        if header.length != 5 {
            code = .frameSizeError
        } else if payload.getInteger(at: payload.readerIndex, as: UInt32.self)! & 0x7FFF_FFFF == UInt32(Int32(id)) {
            code = .protocolError
        } else {
            return
        }
        guard self.streams[id] != nil else {
            throw HTTP2ConnectionError(code, "a malformed PRIORITY on stream \(id), which is not open")
        }
        self.resetFromRead(id, code: code)
    }

    /// A frame other than PRIORITY, WINDOW_UPDATE or RST_STREAM on a closed stream (§5.1): dropped if
    /// the server reset the stream (the client may have sent it before it knew), else a stream
    /// error STREAM_CLOSED (the client ended or reset the stream itself, so it knew).
    private func answerLateFrame(on id: HTTP2StreamID) {
        guard !self.closedStreams.resetByServer(id) else { return }
        self.resetFromRead(id, code: .streamClosed)
    }

    private func readReset(_ header: HTTP2FrameHeader, payload: ByteBuffer) throws(HTTP2ConnectionError) {
        try Self.require(header.streamID != .rootStream, "RST_STREAM on stream 0")
        try Self.require(header.streamID <= self.lastClientStream, "RST_STREAM on stream \(header.streamID), which was never opened")
        guard header.length == 4 else { throw HTTP2ConnectionError(.frameSizeError, "RST_STREAM of \(header.length) bytes, not 4") }
        let code = HTTP2ErrorCode(networkCode: Int(payload.getInteger(at: payload.readerIndex, as: UInt32.self)!))
        if let stream = self.streams[header.streamID], !stream.answered { try self.countUnansweredReset() }
        self.closeStream(header.streamID, reason: code)
    }

    /// Counts a stream the client reset before the server answered it; past
    /// ``maxUnansweredResets`` within ``resetWindow``, the client is flooding the server.
    private func countUnansweredReset() throws(HTTP2ConnectionError) {
        let now = NIODeadline.now()
        if now - self.resetWindowStart > Self.resetWindow {
            self.resetWindowStart = now
            self.unansweredResets = 0
        }
        self.unansweredResets += 1
        guard self.unansweredResets <= Self.maxUnansweredResets else {
            throw HTTP2ConnectionError(
                .enhanceYourCalm,
                "the client reset more than \(Self.maxUnansweredResets) streams before their answers within \(Self.resetWindow.nanoseconds / 1_000_000_000) s (a rapid-reset flood)")
        }
    }

    /// Removes a frame's padding (§6.1): the pad length, then the padding at the end.
    /// - Returns: the pad length, when the frame was padded.
    private static func stripPadding(_ header: HTTP2FrameHeader, from payload: inout ByteBuffer) throws(HTTP2ConnectionError) -> Int? {
        guard header.flags.contains(.padded) else { return nil }
        guard let padding = payload.readInteger(as: UInt8.self), Int(padding) <= payload.readableBytes else {
            throw HTTP2ConnectionError(.protocolError, "padding longer than its frame on stream \(header.streamID)")
        }
        payload = payload.getSlice(at: payload.readerIndex, length: payload.readableBytes - Int(padding))!
        return Int(padding)
    }

    // MARK: Connection frames

    private func readSettings(_ header: HTTP2FrameHeader, payload: ByteBuffer) throws(HTTP2ConnectionError) {
        try Self.require(header.streamID == .rootStream, "SETTINGS on stream \(header.streamID)")
        if header.flags.contains(.ack) {
            guard header.length == 0 else { throw HTTP2ConnectionError(.frameSizeError, "a SETTINGS ACK with a payload") }
            return
        }
        guard header.length % 6 == 0 else {
            throw HTTP2ConnectionError(.frameSizeError, "SETTINGS of \(header.length) bytes, not a multiple of 6")
        }
        var payload = payload
        while let (parameter, value) = payload.readMultipleIntegers(as: (UInt16, UInt32).self) {
            try self.apply(parameter, Int(value))
        }
        self.settingsRead = true
        try self.sendControlFrame(HTTP2FrameHeader(length: 0, type: .settings, flags: .ack, streamID: .rootStream), payload: nil)
    }

    /// One setting from the client (§6.5.2). The table size bounds the responses' dynamic table
    /// (``HPACKHeaderEncoder``); push, concurrency and list size limits concern what this server
    /// would send or open, which it does not.
    private func apply(_ parameter: UInt16, _ value: Int) throws(HTTP2ConnectionError) {
        switch parameter {
        case 0x1:  // SETTINGS_HEADER_TABLE_SIZE
            self.encoder.clientTableSize(value)
        case 0x2:  // SETTINGS_ENABLE_PUSH
            try Self.require(value <= 1, "SETTINGS_ENABLE_PUSH of \(value)")
        case 0x4:  // SETTINGS_INITIAL_WINDOW_SIZE: every stream's send window moves by the change
            guard value <= Self.maxWindow else {
                throw HTTP2ConnectionError(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE of \(value) exceeds 2^31-1")
            }
            let delta = value - self.peerInitialWindow
            self.peerInitialWindow = value
            for stream in self.streams.values {
                stream.sendWindow += delta
                guard stream.sendWindow <= Self.maxWindow else {
                    throw HTTP2ConnectionError(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE overflows a stream's window")
                }
            }
            if delta > 0 { self.sendWaitingFrames(of: Array(self.streams.keys)) }
        case 0x5:  // SETTINGS_MAX_FRAME_SIZE
            try Self.require(
                (Self.maxFrameSize...16_777_215).contains(value), "SETTINGS_MAX_FRAME_SIZE of \(value) is outside 16384...16777215")
            self.peerMaxFrameSize = value
        default:
            break
        }
    }

    private func readPing(_ header: HTTP2FrameHeader, payload: ByteBuffer) throws(HTTP2ConnectionError) {
        try Self.require(header.streamID == .rootStream, "PING on stream \(header.streamID)")
        guard header.length == 8 else { throw HTTP2ConnectionError(.frameSizeError, "PING of \(header.length) bytes, not 8") }
        guard !header.flags.contains(.ack) else { return }
        try self.sendControlFrame(HTTP2FrameHeader(length: 8, type: .ping, flags: .ack, streamID: .rootStream), payload: payload)
    }

    private func readWindowUpdate(_ header: HTTP2FrameHeader, payload: ByteBuffer) throws(HTTP2ConnectionError) {
        guard header.length == 4 else { throw HTTP2ConnectionError(.frameSizeError, "WINDOW_UPDATE of \(header.length) bytes, not 4") }
        let increment = Int(payload.getInteger(at: payload.readerIndex, as: UInt32.self)! & 0x7FFF_FFFF)
        let id = header.streamID
        if id == .rootStream {
            try Self.require(increment > 0, "a WINDOW_UPDATE of 0 on the connection")
            self.connectionSendWindow += increment
            guard self.connectionSendWindow <= Self.maxWindow else {
                throw HTTP2ConnectionError(.flowControlError, "WINDOW_UPDATE grows the connection's window past 2^31-1")
            }
            let blocked = self.blockedOnConnection
            self.blockedOnConnection.removeAll(keepingCapacity: true)
            self.sendWaitingFrames(of: blocked)
            return
        }
        try Self.require(id <= self.lastClientStream, "WINDOW_UPDATE on stream \(id), which was never opened")
        guard let stream = self.streams[id] else { return }  // closed: late frames are dropped
        guard increment > 0 else { return self.resetFromRead(id, code: .protocolError) }
        stream.sendWindow += increment
        guard stream.sendWindow <= Self.maxWindow else { return self.resetFromRead(id, code: .flowControlError) }
        self.sendWaitingFrames(of: [id])
    }

    /// Writes an acknowledgement the client asked for (flushed when the read is done); past
    /// ``maxUnsentControlFrames`` while the socket takes nothing, the client is not reading.
    private func sendControlFrame(_ header: HTTP2FrameHeader, payload: ByteBuffer?) throws(HTTP2ConnectionError) {
        if let context = self.context, !context.channel.isWritable {
            self.unsentControlFrames += 1
            guard self.unsentControlFrames <= Self.maxUnsentControlFrames else {
                throw HTTP2ConnectionError(.enhanceYourCalm, "the client sends frames to acknowledge and reads none of the answers")
            }
        }
        self.emit(header, payload: payload, promise: nil)
        self.needsFlush = true
    }

    /// A stream error found in a read (§5.4.2): the stream is reset with `code`, the connection
    /// goes on.
    private func resetFromRead(_ id: HTTP2StreamID, code: HTTP2ErrorCode) {
        self.writeReset(id, code: code)
        self.needsFlush = true
    }

    // MARK: - Closing

    /// A connection error: GOAWAY with its code and message, then the close.
    private func fail(with error: HTTP2ConnectionError, context: ChannelHandlerContext) {
        self.closing = true
        self.unread = nil
        self.headerBlock = nil
        var payload = context.channel.allocator.buffer(capacity: 8 + error.message.utf8.count)
        payload.writeMultipleIntegers(UInt32(Int32(self.lastClientStream)), UInt32(error.code.networkCode))
        payload.writeString(error.message)
        self.emit(HTTP2FrameHeader(length: payload.readableBytes, type: .goAway, streamID: .rootStream), payload: payload, promise: nil)
        self.flushOutput()
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }

    /// Closes stream `id` (both sides ended, or reset by either side): its waiting frames'
    /// writes fail, and the handler above hears of it.
    func closeStream(_ id: HTTP2StreamID, reason: HTTP2ErrorCode?) {
        guard let stream = self.streams.removeValue(forKey: id) else { return }
        for write in stream.pending { write.promise?.fail(ChannelError.ioOnClosedChannel) }
        self.context?.fireUserInboundEventTriggered(StreamClosedEvent(streamID: id, reason: reason))
    }

    private func failEverything() {
        let streams = self.streams
        self.streams = [:]
        self.blockedOnConnection = []
        for stream in streams.values {
            for write in stream.pending { write.promise?.fail(ChannelError.ioOnClosedChannel) }
        }
        self.output = nil
        let promises = self.outputPromises
        self.outputPromises = []
        for promise in promises { promise.fail(ChannelError.ioOnClosedChannel) }
    }
}
