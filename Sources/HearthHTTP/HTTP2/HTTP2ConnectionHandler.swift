import NIOCore
import NIOHTTP2

/// Serves an HTTP/2 connection's streams from the connection's own pipeline, right after the
/// ``HTTP2FrameCodec`` (which keeps the frames, HPACK, the stream states and the client's
/// flow-control windows): a request HEADERS opens an ``HTTP2ServerStream`` and, at the end of
/// the read that brought it, the task serving it (``HTTP2ConnectionStreams/serve(_:inbox:outbound:stream:)``);
/// the stream's frames go to its ``HTTP2StreamInbox``; its writes go to the codec as frames with its
/// id; its close (either side's reset, the end of both sides, the connection going away)
/// finishes its inbox, fails its waiting writes and cancels its task.
///
/// What NIO's stream multiplexer did per stream, done here with a dictionary entry
/// (``HTTP2StreamEntry``), because a child channel per stream cost a third of a unary call's
/// server time:
/// - **Writability.** A stream is writable while the connection is and while fewer than
///   `highWater` bytes it wrote wait unsent (for the client's window or the socket), until they
///   fall to `lowWater`; counted by the write promises.
/// - **Inbound flow control.** A stream's window is given back only as its reader consumes
///   the bytes (``HTTP2ServerStream/consumed(_:)``, once a quarter window is owed), so a task
///   that does not read holds at most one window (64 KiB) of request body. The connection's
///   window is given back once the codec reports it half spent (its count includes DATA for
///   streams already closed, which never reach this handler), while the streams hold less than ``heldLimit`` bytes unread between them;
///   beyond that only as their readers consume, so a connection holds at most about
///   ``heldLimit`` plus a window of request bytes however many streams it opens.
final class HTTP2ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// Bytes owed to the client before a WINDOW_UPDATE gives them back: a quarter window, so a
    /// large upload costs a few updates per window, not one per frame.
    static let windowUpdateThreshold = 16_384
    /// The most concurrent streams a client may open on one connection
    /// (`SETTINGS_MAX_CONCURRENT_STREAMS`). google-cloud-firestore and Node's client open one
    /// Listen stream per listener on one connection: 100, NIO's usual figure, stalled a test
    /// process's 101st listener for good (a client queues streams past the limit).
    static let maxConcurrentStreams = 1_000
    /// Unread request bytes a connection's streams may hold before the connection's window is
    /// given back only as they are read.
    static let heldLimit = 1 << 20

    private let streams: HTTP2ConnectionStreams
    /// The connection's codec, right before this handler on the same event loop: the streams'
    /// frames go to it directly.
    private let codec: HTTP2FrameCodec
    private let highWater: Int
    private let lowWater: Int
    private var entries: [HTTP2StreamID: HTTP2StreamEntry] = [:]
    /// Streams opened in the current read, whose tasks start when it completes.
    private var starting: [HTTP2StreamID] = []
    private var context: ChannelHandlerContext?
    private var connectionWritable = true
    /// Request DATA bytes in the streams' inboxes, not yet read.
    private var held = 0

    init(streams: HTTP2ConnectionStreams, codec: HTTP2FrameCodec, highWater: Int, lowWater: Int) {
        self.streams = streams
        self.codec = codec
        self.highWater = highWater
        self.lowWater = lowWater
    }

    /// Streams open now (for ``IdleConnectionCloser``, on the event loop).
    var openStreamCount: Int { self.entries.count }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.connectionWritable = context.channel.isWritable
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.closeAll()
        self.context = nil
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = self.unwrapInboundIn(data)
        let id = frame.streamID
        switch frame.payload {
        case .headers(let headers):
            guard let entry = self.entries[id] else {
                self.open(id, head: headers, context: context)
                return
            }
            entry.inbox.receive(frame.payload)
            if headers.endStream { entry.remoteEnded = true }
        case .data(let data):
            guard let entry = self.entries[id] else { return }
            let bytes = data.data.readableBytes
            entry.held += bytes
            self.held += bytes
            entry.inbox.receive(frame.payload)
            if data.endStream { entry.remoteEnded = true }
            // Padding is never read: it is given back as if read at once.
            if let padding = data.paddingBytes { self.owe(padding + 1, on: entry, id: id) }
        default:
            // The codec answers the connection's frames; a reset closes the stream with a
            // `StreamClosedEvent`.
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A stream's task starts once the read that brought its HEADERS is done, so the frames
        // that came with it (a unary call's one DATA frame) are in its inbox when it first looks.
        // Emptied after the loop, not copied before it: once the loop's reference is gone the
        // list is unique again and keeps its room (a copy made each read cost an allocation).
        // `serve` only starts a task, so nothing joins the list while it is walked.
        for id in self.starting {
            guard let entry = self.entries[id], let head = entry.head else { continue }
            entry.head = nil
            entry.cancellation = self.streams.serve(
                head, inbox: entry.inbox, outbound: entry.outbound, stream: entry.stream)
        }
        self.starting.removeAll(keepingCapacity: true)
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let closed = event as? StreamClosedEvent {
            self.close(closed.streamID, reason: closed.reason)
        } else if let window = event as? NIOHTTP2WindowUpdatedEvent, window.streamID == .rootStream {
            self.giveBackConnectionWindow()
            self.codec.flushSoon()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        self.connectionWritable = context.channel.isWritable
        for entry in self.entries.values { self.updateWritability(entry, connectionChanged: true) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.closeAll()
        context.fireChannelInactive()
    }

    // MARK: - Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)  // connection frames (GOAWAY at shutdown)
    }

    // MARK: - The streams' side (event loop)

    /// Writes `frames` on stream `id`, in order, not flushed; `promise` completes with the last.
    /// DATA bytes count against the stream's writability until they have gone to the socket.
    func write(_ frames: [HTTP2Frame.FramePayload], on id: HTTP2StreamID, promise: EventLoopPromise<Void>?) {
        guard let context = self.context, let entry = self.entries[id] else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        var bytes = 0
        for case .data(let data) in frames { bytes += data.data.readableBytes }
        var last = promise
        // Frames that end the stream (a unary call's whole response) are its last writes: no
        // later write waits on its writability, so their bytes are not tracked (a promise and a
        // callback per call saved).
        if bytes > 0, !Self.endsStream(frames) {
            entry.unsent += bytes
            self.updateWritability(entry)
            // Frames of one stream are sent in order: the last one's promise stands for all.
            let sent = promise ?? context.eventLoop.makePromise()
            sent.futureResult.assumeIsolated().whenComplete { _ in
                guard self.entries[id] === entry else { return }  // closed meanwhile
                entry.unsent -= bytes
                self.updateWritability(entry)
            }
            last = sent
        }
        for (index, frame) in frames.enumerated() {
            self.codec.write(frame, on: id, promise: index == frames.count - 1 ? last : nil)
        }
    }

    func flush() {
        self.codec.flushOutput()
    }

    /// Whether the last of `frames` ends its stream (END_STREAM on DATA or HEADERS).
    private static func endsStream(_ frames: [HTTP2Frame.FramePayload]) -> Bool {
        switch frames.last {
        case .data(let data): data.endStream
        case .headers(let headers): headers.endStream
        default: false
        }
    }

    /// Resets stream `id` with CANCEL, unless it has closed.
    func reset(_ id: HTTP2StreamID) {
        guard self.entries[id] != nil else { return }
        self.codec.write(.rstStream(.cancel), on: id, promise: nil)
        self.codec.flushOutput()
    }

    /// `bytes` of stream `id`'s request were read: give them back once a quarter window is owed.
    func consumed(_ bytes: Int, on id: HTTP2StreamID) {
        guard let entry = self.entries[id] else { return }
        let read = min(bytes, entry.held)
        entry.held -= read
        self.held -= read
        self.owe(bytes, on: entry, id: id)
        self.giveBackConnectionWindow()
        self.codec.flushSoon()
    }

    // MARK: -

    private func open(_ id: HTTP2StreamID, head: HTTP2Frame.FramePayload.Headers, context: ChannelHandlerContext) {
        let stream = HTTP2ServerStream(id: id, connection: self, eventLoop: context.eventLoop, allocator: context.channel.allocator)
        let outbound = HTTP2StreamOutbound { frames, before in
            stream.eventLoop.execute {
                before?()
                stream.write(frames, promise: nil)
                stream.flush()
            }
        }
        let inbox = HTTP2StreamInbox(consumed: { stream.consumed($0) })
        let entry = HTTP2StreamEntry(stream: stream, inbox: inbox, outbound: outbound, head: head)
        entry.remoteEnded = head.endStream
        if !self.connectionWritable { entry.tell(writable: false) }
        self.entries[id] = entry
        self.starting.append(id)
    }

    /// Adds `bytes` to what stream `id` owes its client, and gives it back once a quarter window
    /// is owed (not once the client has ended its side: nothing more will come).
    /// The WINDOW_UPDATEs below are written, not flushed: the event that caused them flushes
    /// once (``HTTP2FrameCodec/flushSoon()``, at the end of the read under way if there is one).
    private func owe(_ bytes: Int, on entry: HTTP2StreamEntry, id: HTTP2StreamID) {
        entry.owed += bytes
        guard entry.owed >= Self.windowUpdateThreshold, !entry.remoteEnded else { return }
        self.codec.write(.windowUpdate(windowSizeIncrement: entry.owed), on: id, promise: nil)
        entry.owed = 0
    }

    /// Refills the connection's window (as the codec counts it) once half spent, unless the
    /// streams hold ``heldLimit`` unread bytes already.
    private func giveBackConnectionWindow() {
        let window = self.codec.connectionReceiveWindow
        guard window <= HTTP2FrameCodec.initialWindow / 2, self.held < Self.heldLimit else { return }
        self.codec.write(.windowUpdate(windowSizeIncrement: HTTP2FrameCodec.initialWindow - window), on: .rootStream, promise: nil)
    }

    private func updateWritability(_ entry: HTTP2StreamEntry, connectionChanged: Bool = false) {
        var writable = entry.writable
        if writable, entry.unsent >= self.highWater {
            writable = false
        } else if !writable, entry.unsent <= self.lowWater {
            writable = true
        }
        guard writable != entry.writable || connectionChanged else { return }
        entry.writable = writable
        entry.tell(writable: self.connectionWritable && writable)
    }

    private func close(_ id: HTTP2StreamID, reason: HTTP2ErrorCode?) {
        guard let entry = self.entries.removeValue(forKey: id) else { return }
        // Reset (by the client, or by the codec for a broken frame): to the reader, as to a
        // writer, the stream is closed.
        if reason != nil { entry.inbox.fail(ChannelError.ioOnClosedChannel) }
        self.held -= entry.held
        self.finish(entry)
        self.giveBackConnectionWindow()
        self.codec.flushSoon()
    }

    private func closeAll() {
        let entries = self.entries
        self.entries = [:]
        self.held = 0
        for entry in entries.values {
            entry.inbox.fail(ChannelError.ioOnClosedChannel)
            self.finish(entry)
        }
    }

    private func finish(_ entry: HTTP2StreamEntry) {
        entry.inbox.finish()
        entry.outbound.close()
        entry.stream.markClosed()
        entry.cancellation?.cancel()
    }
}
