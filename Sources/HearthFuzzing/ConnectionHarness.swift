import HearthHTTP
import NIOCore
import NIOEmbedded

/// Serves one connection's worth of client bytes through the production connection pipeline,
/// on an in-memory channel instead of a socket.
///
/// The bytes go through exactly what a socket's bytes go through — the protocol detector, then
/// for HTTP/2 with prior knowledge the HTTP/2 frame codec and the port's stream responder (gRPC on
/// the Firestore port: framing, messages, the Firestore service; the channel
/// is closed once the bytes are in, as HTTP/2 has no half-closure), for HTTP/1.1 NIO's request decoder with
/// Hearth's limits, the connection state handler, `HTTPServer.serve` (body limits, `Expect`,
/// transport errors, response framing), the router, percent-decoding, `URLQuery`, the handlers,
/// wire decoding and an in-memory store; an upgrade to WebSocket on the Realtime Database port
/// goes to its protocol handler (`/.ws`) — then the client's side is closed, and serving must
/// end: a hang is a bug libFuzzer reports with `-timeout`.
public enum ConnectionHarness {
    /// - Parameter later: bytes sent once the first ones were handled (a WebSocket's frames
    ///   after its upgrade, which completes asynchronously); nil sends everything at once.
    public static func serve(_ bytes: [UInt8], to port: FuzzService.Port, later: [UInt8]? = nil) async {
        let service = FuzzService(port)
        var configuration = HTTPServerConfiguration()
        configuration.webSocketResponder = service.webSocketResponder
        configuration.http2Responder = service.http2Responder
        // Seeds name any host: the routes behind the DNS-rebinding guard are what is fuzzed.
        configuration.allowedHosts = HostAllowlist(allowing: ["*"])
        let server = HTTPServer(
            configuration: configuration,
            responder: service.responder,
            errorRenderer: service.errorRenderer,
            logger: FuzzService.logger
        )
        let channel = NIOAsyncTestingChannel()
        do {
            try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50_000))
            let connection = try await HTTPServer.accept(channel, configuration: configuration, logger: FuzzService.logger)
            async let served: Void = server.serve(connection)
            // Decoding errors surface here as well as in the connection, which answers them.
            _ = try? await channel.writeInbound(ByteBuffer(bytes: bytes))
            if let later {
                // Let the upgrade complete and the handler start (coverage only, as for HTTP/2),
                // then the frames, then a chance to answer them before the client leaves.
                for _ in 0..<200 { await Task.yield() }
                _ = try? await channel.writeInbound(ByteBuffer(bytes: later))
                for _ in 0..<500 { await Task.yield() }
            }
            channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            if await connection.isHTTP2() {
                // Give the streams' tasks a chance to answer (coverage only: whether they did
                // before the close changes nothing the oracle checks), then end the connection.
                for _ in 0..<200 { await Task.yield() }
                _ = try? await channel.close()
            }
            await served
            if FuzzDriver.isVerbose {
                while let written = try await channel.readOutbound(as: ByteBuffer.self) {
                    print(String(buffer: written), terminator: "")
                }
                print()
            }
        } catch {
            fatalError("Could not set up the in-memory connection: \(error)")
        }
        _ = try? await channel.finish(acceptAlreadyClosed: true)
    }
}
