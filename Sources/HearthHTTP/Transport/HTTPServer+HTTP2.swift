import Logging
import NIOCore
import NIOHTTP2

extension HTTPServer {
    /// Serves one HTTP/2 connection: each stream the client opens is served on a task of its own
    /// (``HTTP2StreamExchange``) until the connection closes. At most 100 streams are open at
    /// once (NIO's default `SETTINGS_MAX_CONCURRENT_STREAMS`), each buffering at most its 64 KiB
    /// flow-control window of request body, so a connection holds a bounded amount.
    ///
    /// Shutdown closes the connection (its open streams are reset); the gRPC adapter will want
    /// a GOAWAY and a grace period for its streams instead.
    func serveHTTP2(
        _ multiplexer: NIOHTTP2Handler.AsyncStreamMultiplexer<HTTP2StreamExchange.StreamChannel>, channel: any Channel
    ) async {
        let observer = self.shutdownSignal.observe { channel.close(promise: nil) }
        defer { self.shutdownSignal.removeObserver(observer) }
        let remote = channel.remoteAddress.flatMap { address in
            address.ipAddress.map { RemoteAddress(ip: $0, port: address.port) }
        }
        let configuration = self.configuration
        let logger = self.logger
        await withDiscardingTaskGroup { streams in
            do {
                for try await stream in multiplexer.inbound {
                    streams.addTask {
                        await HTTP2StreamExchange(stream: stream, configuration: configuration, remoteAddress: remote, logger: logger)
                            .serve()
                    }
                }
            } catch {
                logger.debug("HTTP/2 connection ended with an error: \(error)")
            }
        }
    }
}
