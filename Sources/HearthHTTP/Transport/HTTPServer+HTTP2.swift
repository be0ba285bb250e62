import Logging
import NIOCore
import NIOHTTP2

extension HTTPServer {
    /// How long an HTTP/2 connection's open streams may go on after shutdown began.
    static let http2ShutdownGrace = TimeAmount.seconds(2)

    /// Serves one HTTP/2 connection: each stream the client opens is served on a task of its own
    /// (``HTTP2StreamExchange``) until the connection closes. At most 100 streams are open at
    /// once (NIO's default `SETTINGS_MAX_CONCURRENT_STREAMS`), each buffering at most its 64 KiB
    /// flow-control window of request body, so a connection holds a bounded amount.
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
    @inline(never)
    func serveHTTP2(
        _ multiplexer: NIOHTTP2Handler.AsyncStreamMultiplexer<HTTP2StreamExchange.StreamChannel>, channel: any Channel
    ) async {
        let serving = ChannelResponseBodyWriter.Counter()
        let observer = self.shutdownSignal.observe {
            channel.eventLoop.execute {
                let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .maxID, errorCode: .noError, opaqueData: nil))
                channel.writeAndFlush(goAway).whenComplete { _ in
                    if serving.total == 0 { channel.close(promise: nil) }
                }
                channel.eventLoop.scheduleTask(in: Self.http2ShutdownGrace) { channel.close(promise: nil) }
            }
        }
        defer { self.shutdownSignal.removeObserver(observer) }
        let remote = channel.remoteAddress.flatMap { address in
            address.ipAddress.map { RemoteAddress(ip: $0, port: address.port) }
        }
        let configuration = self.configuration
        let logger = self.logger
        let shutdown = self.shutdownSignal
        await withDiscardingTaskGroup { streams in
            do {
                for try await stream in multiplexer.inbound {
                    serving.add(1)
                    streams.addTask {
                        await Self.serve(
                            HTTP2StreamExchange(stream: stream, configuration: configuration, remoteAddress: remote, logger: logger))
                        serving.add(-1)
                        // The last stream of a connection told GOAWAY: nothing more to serve.
                        if shutdown.isFired, serving.total == 0 { channel.close(promise: nil) }
                    }
                }
            } catch {
                logger.debug("HTTP/2 connection ended with an error: \(error)")
            }
        }
    }

    /// Serves one stream on a task of its own that the stream's closing cancels (a reset, or
    /// the connection going away; after a normal end the responder has returned already).
    /// Costs one extra task per stream.
    private static func serve(_ exchange: HTTP2StreamExchange) async {
        let task = Task { await exchange.serve() }
        exchange.cancellation.attach(task)
        exchange.stream.channel.closeFuture.whenComplete { _ in exchange.cancellation.cancel() }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
