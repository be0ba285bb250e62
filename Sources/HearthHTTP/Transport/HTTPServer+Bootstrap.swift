package import Logging
package import NIOCore
import NIOHTTP1
import NIOPosix

extension HTTPServer {
    /// Binds the listening socket; each accepted connection gets the pipeline of
    /// ``makeConnectionChannel(wrapping:configuration:logger:)``.
    ///
    /// Accepted connections are handed to ``run()`` through an `AsyncStream` that finishes
    /// when the listening socket closes. A connection accepted in the instant after that is
    /// closed here instead of being dropped unnoticed (its async writer must be finished).
    func bind(group: MultiThreadedEventLoopGroup) async throws -> (any Channel, AsyncStream<ConnectionChannel>) {
        let configuration = self.configuration
        let logger = self.logger
        let (connections, continuation) = AsyncStream.makeStream(of: ConnectionChannel.self)
        let serverChannel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelOption(
                .writeBufferWaterMark,
                value: .init(low: configuration.connectionWriteBuffer / 2, high: max(1, configuration.connectionWriteBuffer)))
            // Each connection keeps its last receive buffer for reuse. NIO starts them at 2 KiB;
            // 1 KiB holds a typical request head, grows after any read that fills it, and saves
            // 1 KiB per open connection (per idle listener, with thousands of them).
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 1024, maximum: 65536))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = try Self.makeConnectionChannel(
                        wrapping: channel, configuration: configuration, logger: logger)
                    if case .terminated = continuation.yield(connection) {
                        // Too late to be served: close it, finishing its writer properly.
                        Task { try? await connection.executeThenClose { _, _ in } }
                    }
                }
            }
            .bind(host: configuration.host, port: configuration.port)
            .get()
        serverChannel.closeFuture.whenComplete { _ in continuation.finish() }
        return (serverChannel, connections)
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
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = configuration.maxHeaderSize
        decoderLimits.maxHeaderListSize = configuration.maxHeaderSize
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        let peer = channel.remoteAddress.map { "\($0)" } ?? "unknown"
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(HTTPResponseEncoder(configuration: encoderConfiguration))
        let witness = RequestBytesWitness()
        try sync.addHandler(witness)
        try sync.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits))
        )
        try sync.addHandler(
            ConnectionStateHandler(
                idleTimeout: configuration.idleTimeout, requestTimeout: configuration.requestTimeout, witness: witness,
                logger: logger, peer: peer))
        return try ConnectionChannel(
            wrappingChannelSynchronously: channel,
            configuration: .init(
                backPressureStrategy: .init(lowWatermark: 2, highWatermark: 16),
                isOutboundHalfClosureEnabled: false
            )
        )
    }
}
