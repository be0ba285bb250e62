import Logging
import NIOCore
import NIOHTTP2

extension HTTPServer {
    /// How long an HTTP/2 connection's open streams may go on after shutdown began.
    static let http2ShutdownGrace = TimeAmount.seconds(2)

    /// Serves one HTTP/2 connection, handed off (``HandedOffConnections``) until it has closed
    /// and its streams' tasks have returned: each stream the client opens is served on a task
    /// of its own (``HTTP2ConnectionStreams``), and the connection needs none (its task returns
    /// now). At most 1,000 streams are open at once (`SETTINGS_MAX_CONCURRENT_STREAMS`), each
    /// buffering at most its 64 KiB flow-control window of request body and all of them about
    /// 1 MiB (``HTTP2ConnectionHandler/heldLimit``), so a connection holds a bounded amount.
    ///
    /// A stream the client resets (RST_STREAM), or that dies with its connection, cancels the
    /// task serving it, so a responder's awaits (a query, a stream waiting for changes) end at
    /// once instead of when they next write.
    ///
    /// Shutdown is a clean end for the client (RFC 9113 §6.8): a GOAWAY with NO_ERROR and the
    /// largest stream id (streams already sent are still served, no new ones are taken), then the
    /// close once the streams being served have ended, or ``http2ShutdownGrace`` later for
    /// streams that go on (they are reset by the close). A client that sees a bare close instead
    /// cannot tell a shutdown from a crash, and retries what it had sent.
    func handOffHTTP2(_ streams: HTTP2ConnectionStreams) {
        let channel = streams.connection
        self.handedOff.enter()
        let observer = self.shutdownSignal.observe {
            channel.eventLoop.execute {
                let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .maxID, errorCode: .noError, opaqueData: nil))
                channel.writeAndFlush(goAway).whenComplete { _ in streams.closeWhenDone() }
                channel.eventLoop.scheduleTask(in: Self.http2ShutdownGrace) { channel.close(promise: nil) }
            }
        }
        streams.whenServedAll {
            self.shutdownSignal.removeObserver(observer)
            self.handedOff.leave()
        }
    }
}
