import NIOCore
import NIOHPACK
import NIOHTTP2

/// The streams' frames out: HEADERS encoded (``HPACKHeaderEncoder``) and split into
/// CONTINUATION beyond the client's frame size, DATA sent as far as both flow-control windows
/// allow and the rest kept in order with what follows it, resets, WINDOW_UPDATEs (which reopen
/// this side's receive windows) and GOAWAY. Frames gather in one output buffer until a flush, so
/// a unary response (HEADERS, DATA, trailers) is one socket write.
extension HTTP2FrameCodec {
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = self.unwrapOutboundIn(data)
        self.write(frame.payload, on: frame.streamID, promise: promise)
    }

    /// Writes a frame on stream `id` (not flushed). The ``HTTP2ConnectionHandler`` calls this
    /// directly, on the event loop, for its streams' frames: through the pipeline each frame
    /// was boxed in an `NIOAny` and passed along the handler chain.
    func write(_ payload: HTTP2Frame.FramePayload, on id: HTTP2StreamID, promise: EventLoopPromise<Void>?) {
        switch payload {
        case .data(let data):
            guard case .byteBuffer(let bytes) = data.data else {
                promise?.fail(ChannelError.operationUnsupported)  // file regions are never written here
                return
            }
            self.send(.data(bytes, endStream: data.endStream, promise: promise), on: id)
        case .headers(let headers):
            self.streams[id]?.answered = true
            self.send(.headers(headers.headers, endStream: headers.endStream, promise: promise), on: id)
        case .rstStream(let code):
            guard self.streams[id] != nil else {
                promise?.succeed()  // closed already: nothing to reset
                return
            }
            self.writeReset(id, code: code, promise: promise)
        case .windowUpdate(let increment):
            self.writeWindowUpdate(increment, on: id, promise: promise)
        case .goAway(let lastStreamID, let code, let opaqueData):
            var payload = ByteBuffer()
            payload.writeMultipleIntegers(UInt32(Int32(lastStreamID)), UInt32(code.networkCode))
            if var opaqueData { payload.writeBuffer(&opaqueData) }
            self.emit(HTTP2FrameHeader(length: payload.readableBytes, type: .goAway, streamID: .rootStream), payload: payload, promise: promise)
        default:
            promise?.fail(ChannelError.operationUnsupported)  // the server sends no other frame
        }
    }

    func flush(context: ChannelHandlerContext) {
        self.flushOutput()
    }

    /// Flushes what was written since the last flush: now, or when the read under way ends, so
    /// the frames one read causes leave in one flush. Nothing written: nothing to do.
    func flushSoon() {
        guard self.unflushed else { return }
        if self.reading { self.needsFlush = true } else { self.flushOutput() }
    }

    /// Writes the gathered frames to the socket and flushes.
    func flushOutput() {
        self.needsFlush = false
        self.unflushed = false
        guard let context = self.context else { return }
        self.writeOutput(context)
        context.flush()
    }

    // MARK: - Streams

    /// Sends `write` on stream `id`, or keeps it behind the frames already waiting for window.
    private func send(_ write: HTTP2PendingWrite, on id: HTTP2StreamID) {
        guard let stream = self.streams[id], !stream.localEnding else {
            write.promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch write {
        case .data(_, let endStream, _), .headers(_, let endStream, _):
            if endStream { stream.localEnding = true }
        }
        guard stream.pending.isEmpty else {
            stream.pending.append(write)
            return
        }
        if let rest = self.trySend(write, on: id, stream: stream) {
            stream.pending.append(rest)
        }
    }

    /// Sends the waiting frames of `ids` that the windows now allow, in each stream's order.
    func sendWaitingFrames(of ids: [HTTP2StreamID]) {
        for id in ids {
            while let stream = self.streams[id], let write = stream.pending.first {
                stream.pending.removeFirst()
                if let rest = self.trySend(write, on: id, stream: stream) {
                    stream.pending.insert(rest, at: 0)
                    break
                }
            }
        }
        self.flushSoon()
    }

    /// Sends what the windows allow of `write`.
    /// - Returns: what is left to send (the DATA beyond the windows), or nil once all is sent.
    private func trySend(_ write: HTTP2PendingWrite, on id: HTTP2StreamID, stream: HTTP2StreamState) -> HTTP2PendingWrite? {
        switch write {
        case .headers(let headers, let endStream, let promise):
            self.writeHeaders(headers, endStream: endStream, on: id, promise: promise)
            if endStream { self.endedLocally(id, stream: stream) }
            return nil
        case .data(var bytes, let endStream, let promise):
            while true {
                let size = bytes.readableBytes
                let allowed = min(size, stream.sendWindow, self.connectionSendWindow, self.peerMaxFrameSize)
                if allowed == size {  // the rest fits in one frame (an empty one needs no window)
                    self.consumeSendWindows(size, stream: stream)
                    self.emit(
                        HTTP2FrameHeader(length: size, type: .data, flags: endStream ? .endStream : [], streamID: id), payload: bytes,
                        promise: promise)
                    if endStream { self.endedLocally(id, stream: stream) }
                    return nil
                }
                guard allowed > 0 else {
                    if stream.sendWindow > 0, !self.blockedOnConnection.contains(id) { self.blockedOnConnection.append(id) }
                    return .data(bytes, endStream: endStream, promise: promise)
                }
                self.consumeSendWindows(allowed, stream: stream)
                let part = bytes.readSlice(length: allowed)!
                self.emit(HTTP2FrameHeader(length: allowed, type: .data, streamID: id), payload: part, promise: nil)
            }
        }
    }

    private func consumeSendWindows(_ bytes: Int, stream: HTTP2StreamState) {
        stream.sendWindow -= bytes
        self.connectionSendWindow -= bytes
    }

    /// The server's END_STREAM went out: the stream closes if the client's side has ended too.
    private func endedLocally(_ id: HTTP2StreamID, stream: HTTP2StreamState) {
        stream.localEnded = true
        self.outputEndsStream = true
        if stream.remoteEnded { self.closeStream(id, reason: nil) }
    }

    /// Encodes `headers` as one HEADERS frame, or HEADERS and CONTINUATIONs when the block is
    /// larger than the client's maximum frame size.
    private func writeHeaders(_ headers: HPACKHeaders, endStream: Bool, on id: HTTP2StreamID, promise: EventLoopPromise<Void>?) {
        guard let context = self.context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        self.unflushed = true
        // Taken out of `self.output` while written to: a second reference would make every
        // write below copy the whole buffer (copy-on-write).
        var output = self.output ?? self.freshOutput(context)
        self.output = nil
        let start = output.writerIndex
        var flags: HTTP2FrameFlags = endStream ? [.endStream, .endHeaders] : .endHeaders
        HTTP2FrameHeader(length: 0, type: .headers, flags: flags, streamID: id).write(to: &output)
        self.encoder.encode(headers, into: &output)
        let length = output.writerIndex - start - HTTP2FrameHeader.size
        if length <= self.peerMaxFrameSize {
            HTTP2FrameHeader.setLength(length, at: start, in: &output)
            self.output = output
            if let promise { self.outputPromises.append(promise) }
            return
        }
        // Rare (a very long grpc-message): take the block back out and send it in pieces.
        var block = output.getSlice(at: start + HTTP2FrameHeader.size, length: length)!
        output.moveWriterIndex(to: start)
        self.output = output
        flags.remove(.endHeaders)
        var type = HTTP2FrameType.headers
        while block.readableBytes > 0 {
            let piece = block.readSlice(length: min(block.readableBytes, self.peerMaxFrameSize))!
            if block.readableBytes == 0 { flags.insert(.endHeaders) }
            self.emit(
                HTTP2FrameHeader(length: piece.readableBytes, type: type, flags: flags, streamID: id), payload: piece,
                promise: block.readableBytes == 0 ? promise : nil)
            type = .continuation
            flags.remove(.endStream)
        }
    }

    func writeReset(_ id: HTTP2StreamID, code: HTTP2ErrorCode, promise: EventLoopPromise<Void>? = nil) {
        var payload = ByteBuffer()
        payload.writeInteger(UInt32(code.networkCode))
        self.emit(HTTP2FrameHeader(length: 4, type: .rstStream, streamID: id), payload: payload, promise: promise)
        self.closedStreams.reset(id)
        self.closeStream(id, reason: code)
    }

    /// A WINDOW_UPDATE from the handler above: the client may send `increment` more bytes.
    private func writeWindowUpdate(_ increment: Int, on id: HTTP2StreamID, promise: EventLoopPromise<Void>?) {
        if id == .rootStream {
            self.connectionReceiveWindow += increment
        } else if let stream = self.streams[id], !stream.remoteEnded {
            stream.receiveWindow += increment
        } else {
            promise?.succeed()  // the stream's request has ended: no window to give back
            return
        }
        var payload = ByteBuffer()
        payload.writeInteger(UInt32(increment))
        self.emit(HTTP2FrameHeader(length: 4, type: .windowUpdate, streamID: id), payload: payload, promise: promise)
    }

    // MARK: - Output

    /// Adds a frame to the output: small payloads are copied beside their header, larger ones
    /// written as they are, after what gathered before them.
    func emit(_ header: HTTP2FrameHeader, payload: ByteBuffer?, promise: EventLoopPromise<Void>?) {
        guard let context = self.context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        self.unflushed = true
        var output = self.output ?? self.freshOutput(context)
        self.output = nil
        header.write(to: &output)
        if let payload, payload.readableBytes > Self.largestCopiedPayload {
            self.output = output
            self.writeOutput(context)
            context.write(self.wrapOutboundOut(payload), promise: promise)
            return
        }
        if var payload { output.writeBuffer(&payload) }
        self.output = output
        if let promise { self.outputPromises.append(promise) }
    }

    /// An empty buffer to gather frames into: the spare one if there is one, else a new one.
    private func freshOutput(_ context: ChannelHandlerContext) -> ByteBuffer {
        guard var spare = self.spareOutput else { return context.channel.allocator.buffer(capacity: 512) }
        self.spareOutput = nil
        spare.clear()
        return spare
    }

    /// Hands the gathered frames to the socket (not flushed); their writes' promises complete
    /// with it.
    func writeOutput(_ context: ChannelHandlerContext) {
        guard let output = self.output else { return }
        self.output = nil
        // Kept after a response ended (a unary call: another is likely to follow on this
        // connection), not after a long-lived stream's messages: an idle Listen connection
        // holds no spare.
        self.spareOutput = self.outputEndsStream && output.capacity <= Self.largestSpareOutput ? output : nil
        self.outputEndsStream = false
        switch self.outputPromises.count {
        case 0:
            context.write(self.wrapOutboundOut(output), promise: nil)
        case 1:
            let promise = self.outputPromises[0]
            self.outputPromises.removeAll(keepingCapacity: true)
            context.write(self.wrapOutboundOut(output), promise: promise)
        default:
            let promises = self.outputPromises
            self.outputPromises = []
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.whenComplete { result in
                for promise in promises { promise.completeWith(result) }
            }
            context.write(self.wrapOutboundOut(output), promise: written)
        }
    }
}
