package import Logging
package import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

extension HTTPServer {
    /// Binds the listening socket; each accepted connection gets TLS (when configured) and a
    /// ``ProtocolDetector``, which builds the pipeline of the protocol the client speaks:
    /// ``makeConnectionChannel(wrapping:configuration:logger:)`` for HTTP/1.1, the
    /// ``HTTP2FrameCodec`` and the ``HTTP2ConnectionHandler`` for HTTP/2.
    ///
    /// Accepted connections are handed to ``run()`` through an `AsyncStream` that finishes
    /// when the listening socket closes. A connection accepted in the instant after that is
    /// closed here instead of being dropped unnoticed (its async writer must be finished).
    func bind(group: any EventLoopGroup) async throws -> (any Channel, AsyncStream<AcceptedConnection>) {
        let configuration = self.configuration
        let logger = self.logger
        let flushers = self.flushers
        let (connections, continuation) = AsyncStream.makeStream(of: AcceptedConnection.self)
        let serverChannel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelOption(
                .writeBufferWaterMark,
                value: .init(low: configuration.connectionWriteBuffer / 2, high: max(1, configuration.connectionWriteBuffer)))
            // Each connection keeps its last receive buffer for reuse. NIO starts them at 2 KiB;
            // 512 bytes hold an SDK's or curl's request head (a browser's may take two reads),
            // grow after any read that fills them, and save 1.5 KiB per open connection (per
            // idle listener, with thousands of them).
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let detected = try Self.configureDetection(on: channel, configuration: configuration, flushers: flushers, logger: logger)
                    if case .terminated = continuation.yield(AcceptedConnection(channel: channel, detected: detected)) {
                        // Too late to be served: close it, finishing an HTTP/1.1 writer properly.
                        channel.close(promise: nil)
                        detected.whenSuccess { connection in
                            if case .http1(let connection) = connection {
                                Task { try? await connection.executeThenClose { _, _ in } }
                            }
                        }
                    }
                }
            }
            .bind(host: configuration.host, port: configuration.port)
            .get()
        serverChannel.closeFuture.whenComplete { _ in continuation.finish() }
        return (serverChannel, connections)
    }

    /// Puts TLS and the protocol detector on `channel`, on its event loop, as for an accepted
    /// connection: for the HTTP fuzz harness, which serves an in-memory channel.
    package static func accept(
        _ channel: any Channel, configuration: HTTPServerConfiguration, logger: Logger
    ) async throws -> AcceptedConnection {
        let flushers = StreamFlushers()
        let detected = try await channel.eventLoop.submit {
            try Self.configureDetection(on: channel, configuration: configuration, flushers: flushers, logger: logger)
        }.get()
        return AcceptedConnection(channel: channel, detected: detected)
    }

    /// Puts TLS (when configured) and the protocol detector on a new connection's pipeline.
    /// Must run on the channel's event loop.
    /// - Returns: the detection's outcome, the connection ready to serve.
    static func configureDetection(
        on channel: any Channel, configuration: HTTPServerConfiguration, flushers: StreamFlushers, logger: Logger
    ) throws -> EventLoopFuture<DetectedConnection> {
        let sync = channel.pipeline.syncOperations
        if let tls = configuration.tls {
            try sync.addHandler(NIOSSLServerHandler(context: configuration.offersHTTP2OverTLS ? tls.http2Context : tls.http1Context))
        }
        let promise = channel.eventLoop.makePromise(of: DetectedConnection.self)
        try sync.addHandler(
            ProtocolDetector(idleTimeout: configuration.idleTimeout, promise: promise, logger: logger) { detection, channel in
                switch detection {
                case .http1:
                    if let webSockets = configuration.webSocketResponder {
                        return .upgradable(
                            try Self.makeUpgradableConnection(
                                wrapping: channel, configuration: configuration, webSockets: webSockets, logger: logger))
                    }
                    return .http1(try Self.makeConnectionChannel(wrapping: channel, configuration: configuration, logger: logger))
                case .http2:
                    return .http2(try Self.makeHTTP2Connection(wrapping: channel, configuration: configuration, flushers: flushers, logger: logger))
                }
            })
        return promise.futureResult
    }

    /// The ``HTTP2FrameCodec``, then the ``HTTP2ConnectionHandler`` that serves the connection's
    /// streams without a child channel each. The settings bound what a client can make a
    /// connection hold: 1,000 concurrent streams, headers as large as HTTP/1.1's
    /// (``HTTPServerConfiguration/maxHeaderSize``), a 64 KiB receive window per stream (given
    /// back as the stream's reader consumes it) and about 1 MiB of unread request bytes in all
    /// (``HTTP2ConnectionHandler/heldLimit``), and a stream's unsent bytes at the connection's
    /// write-buffer size before it stops being writable. The connection is closed once idle: no
    /// stream open and nothing read for the idle timeout (``IdleConnectionCloser``).
    /// Must run on the channel's event loop.
    static func makeHTTP2Connection(
        wrapping channel: any Channel, configuration: HTTPServerConfiguration, flushers: StreamFlushers, logger: Logger
    ) throws -> HTTP2ConnectionStreams {
        let streams = HTTP2ConnectionStreams(
            connection: channel, configuration: configuration, flusher: flushers.flusher(for: channel.eventLoop), logger: logger)
        let codec = HTTP2FrameCodec(
            maxConcurrentStreams: HTTP2ConnectionHandler.maxConcurrentStreams, maxHeaderListSize: configuration.maxHeaderSize)
        let handler = HTTP2ConnectionHandler(
            streams: streams, codec: codec, highWater: max(1, configuration.connectionWriteBuffer),
            lowWater: max(1, configuration.connectionWriteBuffer / 2))
        let sync = channel.pipeline.syncOperations
        // Reads only: with a write or "all" timeout NIO's idle handler makes a promise and a
        // callback for every write to note when it went out; with no stream open the server
        // writes only what answers a read (SETTINGS and PING acks).
        try sync.addHandler(IdleStateHandler(readTimeout: TimeAmount(configuration.idleTimeout)))
        try sync.addHandler(IdleConnectionCloser(streams: handler))
        try sync.addHandler(codec)
        try sync.addHandler(handler)
        return streams
    }

    /// Builds one connection's pipeline on `channel` and wraps it for ``serve(_:)``: request
    /// decoder (with the header-size limit) → response encoder → connection state (timeouts,
    /// quiescing, lingering close) → async channel. Must run on the channel's event loop.
    ///
    /// `package` so the HTTP fuzz harness can put the exact production pipeline on an
    /// in-memory channel.
    package static func makeConnectionChannel(
        wrapping channel: any Channel,
        configuration: HTTPServerConfiguration,
        logger: Logger
    ) throws -> ConnectionChannel {
        try Self.addHTTP1Handlers(to: channel, configuration: configuration, logger: logger)
        return try Self.wrapHTTP1(channel)
    }

    /// Adds the HTTP/1.1 handlers (``makeHTTP1Handlers``) to `channel`'s pipeline, in order, and
    /// returns them (the WebSocket upgrade hands them to NIO's upgrade handler); on its event loop.
    @discardableResult
    static func addHTTP1Handlers(to channel: any Channel, configuration: HTTPServerConfiguration, logger: Logger) throws
        -> HTTP1Handlers
    {
        let handlers = Self.makeHTTP1Handlers(channel: channel, configuration: configuration, logger: logger)
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(handlers.encoder)
        try sync.addHandler(handlers.witness)
        try sync.addHandler(handlers.decoder)
        try sync.addHandler(handlers.state)
        return handlers
    }

    /// One HTTP/1.1 connection's handlers, in pipeline order.
    typealias HTTP1Handlers = (
        encoder: HTTPResponseEncoder, witness: RequestBytesWitness, decoder: ByteToMessageHandler<HTTPRequestDecoder>,
        state: ConnectionStateHandler
    )

    /// The HTTP/1.1 handlers, in pipeline order: response encoder, bytes witness, request
    /// decoder (with the header-size limit; a WebSocket client sends nothing after its upgrade
    /// request until it has read the `101`, so no bytes are left in it to pass on), connection state.
    static func makeHTTP1Handlers(
        channel: any Channel, configuration: HTTPServerConfiguration, logger: Logger
    ) -> HTTP1Handlers {
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = configuration.maxHeaderSize
        decoderLimits.maxHeaderListSize = configuration.maxHeaderSize
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        let peer = channel.remoteAddress.map { "\($0)" } ?? "unknown"
        let witness = RequestBytesWitness()
        return (
            HTTPResponseEncoder(configuration: encoderConfiguration),
            witness,
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits)),
            ConnectionStateHandler(
                idleTimeout: configuration.idleTimeout, requestTimeout: configuration.requestTimeout, witness: witness,
                logger: logger, peer: peer)
        )
    }

    /// Wraps an HTTP/1.1 pipeline for ``HTTPConnection``.
    static func wrapHTTP1(_ channel: any Channel) throws -> ConnectionChannel {
        try ConnectionChannel(
            wrappingChannelSynchronously: channel,
            configuration: .init(
                backPressureStrategy: .init(lowWatermark: 2, highWatermark: 16),
                isOutboundHalfClosureEnabled: false
            )
        )
    }
}
