import NIOCore
import NIOHTTP2
import Synchronization

/// Closes an HTTP/2 connection that is idle: no stream open and nothing read or written for
/// the idle timeout (NIO's `IdleStateHandler` tells it about the bytes, NIO's stream delegate
/// about the streams), as HTTP/1.1 connections are closed when idle.
///
/// An open stream keeps its connection however quiet it is: a Listen call waiting for changes
/// writes nothing for minutes, and Python's gRPC client sends no keepalive pings, so closing on
/// silence alone would end every quiet `on_snapshot` listener after the timeout. The
/// `IdleStateHandler` fires again every timeout while the connection stays silent, so once the
/// last stream closes, the connection goes at most two timeouts later. Costs one atomic counter
/// per connection, updated on each stream's open and close.
final class IdleConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The connection's open streams, counted by NIO's HTTP/2 handler (on the event loop).
    final class OpenStreams: NIOHTTP2StreamDelegate {
        private let open = Atomic(0)

        var count: Int { self.open.load(ordering: .relaxed) }

        func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
            self.open.add(1, ordering: .relaxed)
        }

        func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
            self.open.subtract(1, ordering: .relaxed)
        }
    }

    let streams: OpenStreams

    init(streams: OpenStreams) {
        self.streams = streams
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if self.streams.count == 0 { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
