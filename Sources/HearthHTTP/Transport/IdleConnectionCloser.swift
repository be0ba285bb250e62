import NIOCore

/// Closes an HTTP/2 connection on which nothing was read or written for the idle timeout
/// (NIO's `IdleStateHandler` tells it), as HTTP/1.1 connections are closed when idle.
final class IdleConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
