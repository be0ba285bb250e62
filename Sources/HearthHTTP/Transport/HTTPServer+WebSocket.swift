import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

extension HTTPServer {
    /// The HTTP/1.1 pipeline of ``makeConnectionChannel(wrapping:configuration:logger:)`` with
    /// NIO's upgrade handler and WebSocket upgrader after it, for servers with a
    /// ``WebSocketResponder``: the connection's first request either upgrades (NIO answers
    /// `101`, swaps the HTTP codec for its WebSocket frame codec, bounded by
    /// ``HTTPServerConfiguration/webSocketMaxFrameSize``, and joins fragments up to
    /// ``HTTPServerConfiguration/webSocketMaxMessageSize``) or goes on as HTTP/1.1, pipelining
    /// and limits unchanged. Servers without a WebSocket responder never get these handlers.
    /// Must run on the channel's event loop.
    static func makeUpgradableConnection(
        wrapping channel: any Channel,
        configuration: HTTPServerConfiguration,
        webSockets: any WebSocketResponder,
        logger: Logger
    ) throws -> EventLoopFuture<HTTP1Upgrade> {
        let handlers = try Self.addHTTP1Handlers(to: channel, configuration: configuration, logger: logger)
        let sync = channel.pipeline.syncOperations
        let maxMessage = configuration.webSocketMaxMessageSize
        let upgrader = NIOTypedWebSocketServerUpgrader<HTTP1Upgrade>(
            maxFrameSize: min(configuration.webSocketMaxFrameSize, Int(UInt32.max)),
            shouldUpgrade: { channel, head in
                // The gate let only requests the responder takes reach NIO's handler.
                channel.eventLoop.makeSucceededFuture(NIOHTTP1.HTTPHeaders())
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    var request = Self.request(head)
                    request.remoteAddress = channel.remoteAddress.flatMap { address in
                        address.ipAddress.map { RemoteAddress(ip: $0, port: address.port) }
                    }
                    guard let handler = webSockets.handler(for: request) else { throw NIOWebSocketUpgradeError.unsupportedWebSocketTarget }
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 1024, maxAccumulatedFrameSize: maxMessage))
                    let session = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(backPressureStrategy: .init(lowWatermark: 1, highWatermark: 2)))
                    return .webSocket(session, handler, path: request.path)
                }
            })
        let upgradeHandler = NIOTypedHTTPServerUpgradeHandler<HTTP1Upgrade>(
            httpEncoder: handlers.encoder,
            extraHTTPHandlers: [handlers.witness, handlers.decoder, handlers.state],
            upgradeConfiguration: .init(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture { .http(try Self.wrapHTTP1(channel)) }
                }))
        let promise = channel.eventLoop.makePromise(of: HTTP1Upgrade.self)
        let gate = WebSocketUpgradeGate(
            upgradeHandler: upgradeHandler, promise: promise,
            accepts: { webSockets.handler(for: Self.request($0)) != nil },
            makeHTTPChannel: { try Self.wrapHTTP1($0) })
        try sync.addHandler(gate)
        try sync.addHandler(upgradeHandler)
        upgradeHandler.upgradeResultFuture.assumeIsolated().whenComplete { gate.upgradeCompleted($0) }
        return promise.futureResult
    }

    /// The head of an upgrade request as a ``Request`` (no body), for the ``WebSocketResponder``.
    private static func request(_ head: HTTPRequestHead) -> Request {
        var headers = HTTPHeaders()
        for (name, value) in head.headers { headers.add(name: name, value: value) }
        return Request(method: HTTPMethod(rawValue: head.method.rawValue), uri: head.uri, headers: headers)
    }

    /// Runs a WebSocket session's handler until it returns or the client goes; shutdown closes
    /// the connection. What the handler sends is bounded by ``HTTPServerConfiguration/streamBufferSize``
    /// (``WebSocketOutbox``).
    @inline(never)
    func serveWebSocket(_ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, _ handler: any WebSocketHandler, path: String)
        async
    {
        let raw = channel.channel
        let observer = self.shutdownSignal.observe { raw.close(promise: nil) }
        defer { self.shutdownSignal.removeObserver(observer) }
        do {
            try await channel.executeThenClose { inbound, outbound in
                let outbox = WebSocketOutbox(
                    channel: raw, flusher: self.flushers.flusher(for: raw.eventLoop), bound: self.configuration.streamBufferSize)
                let session = WebSocketSession(
                    inbound: inbound, outbound: outbound, outbox: outbox, allocator: raw.allocator)
                try await handler.serve(session)
            }
        } catch {
            self.sessionEnded(path: path, error: error)
        }
    }

    /// Logs a session's failure; out of line, so ``serveWebSocket(_:_:path:)``'s frame (kept for
    /// the connection's life) does not hold the log line's locals.
    @inline(never)
    private func sessionEnded(path: String, error: any Error) {
        self.logger.debug("WebSocket session on \(path) ended with an error: \(error)")
    }
}
