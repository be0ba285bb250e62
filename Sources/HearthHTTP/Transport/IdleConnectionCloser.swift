import NIOCore

/// Closes an HTTP/2 connection that is idle: no stream open and nothing read for the idle
/// timeout (NIO's `IdleStateHandler` tells it about the bytes, the connection's
/// ``HTTP2ConnectionHandler`` about the streams), as HTTP/1.1 connections are closed when idle.
/// Reads are enough: with no stream open the server sends nothing but answers to what it read.
///
/// An open stream keeps its connection however quiet it is: a Listen call waiting for changes
/// writes nothing for minutes, and Python's gRPC client sends no keepalive pings, so closing on
/// silence alone would end every quiet `on_snapshot` listener after the timeout. The
/// `IdleStateHandler` fires again every timeout while the connection stays silent, so once the
/// last stream closes, the connection goes at most two timeouts later. Costs nothing per
/// stream: the handler's open streams are its entries.
final class IdleConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The connection's streams, whose handler counts the open ones (on the same event loop).
    let streams: HTTP2ConnectionHandler

    init(streams: HTTP2ConnectionHandler) {
        self.streams = streams
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if self.streams.openStreamCount == 0 { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
