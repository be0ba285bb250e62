import NIOCore
import NIOHTTP2

/// The one handler on an HTTP/2 stream's channel: after the read that brought the request's
/// HEADERS it starts the task serving the stream
/// (``HTTP2ConnectionStreams/serve(_:inbox:outbound:channel:)``), then passes the stream's
/// frames to that task (``HTTP2StreamInbox``), its writability to the task's writer
/// (``HTTP2StreamOutbound``), and its closing to both (a reset, or the connection going away,
/// cancels the task).
///
/// The stream channel's auto-read is off: the handler reads while the inbox is below its
/// high-water mark, so a task that does not read holds at most one window of request body.
final class HTTP2StreamHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame.FramePayload

    private let streams: HTTP2ConnectionStreams
    private var inbox: HTTP2StreamInbox?
    private var outbound: HTTP2StreamOutbound?
    private var cancellation: HTTP2StreamCancellation?
    /// The request HEADERS whose task starts at the end of the read that brought it.
    private var head: HTTP2Frame.FramePayload.Headers?

    init(streams: HTTP2ConnectionStreams) {
        self.streams = streams
    }

    func channelActive(context: ChannelHandlerContext) {
        context.read()
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { context.read() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = self.unwrapInboundIn(data)
        if let inbox = self.inbox {
            inbox.receive(frame)
            return
        }
        guard case .headers(let head) = frame else {
            // A stream must begin with HEADERS (NIO's state machine enforces it); nothing to serve.
            context.close(promise: nil)
            return
        }
        let channel = context.channel
        let inbox = HTTP2StreamInbox(readMore: { channel.read() })
        let outbound = HTTP2StreamOutbound { frames, before in
            channel.eventLoop.execute {
                before?()
                for frame in frames { channel.write(frame, promise: nil) }
                channel.flush()
            }
        }
        outbound.setWritable(channel.isWritable)
        self.inbox = inbox
        self.outbound = outbound
        self.head = head
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The task starts once the read that brought the HEADERS is done, so the frames that
        // came with it (a unary call's one DATA frame) are in the inbox when it first looks.
        if let head = self.head, let inbox = self.inbox, let outbound = self.outbound {
            self.head = nil
            self.cancellation = self.streams.serve(head, inbox: inbox, outbound: outbound, channel: context.channel)
        }
        if !(self.inbox?.isPaused ?? false) { context.read() }
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        self.outbound?.setWritable(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.inbox?.fail(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.head = nil  // reset before its read was done: nothing to serve
        self.inbox?.finish()
        self.outbound?.close()
        self.cancellation?.cancel()
        context.fireChannelInactive()
    }
}
