import NIOCore
import NIOHTTP1
import NIOPosix

extension HTTPServer {
    /// Binds the listening socket and describes each connection's pipeline:
    /// request decoder (with the header-size limit) → response encoder → connection state
    /// (timeouts, quiescing, lingering close) → async channel consumed by the connection task.
    ///
    /// Accepted connections are handed to ``run()`` through an `AsyncStream` that finishes
    /// when the listening socket closes. A connection accepted in the instant after that is
    /// closed here instead of being dropped unnoticed (its async writer must be finished).
    func bind(group: MultiThreadedEventLoopGroup) async throws -> (any Channel, AsyncStream<ConnectionChannel>) {
        let configuration = self.configuration
        let logger = self.logger
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = configuration.maxHeaderSize
        decoderLimits.maxHeaderListSize = configuration.maxHeaderSize
        let limits = decoderLimits
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        let encoderSettings = encoderConfiguration

        let (connections, continuation) = AsyncStream.makeStream(of: ConnectionChannel.self)
        let serverChannel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            // Each connection keeps its last receive buffer for reuse. NIO starts them at 2 KiB;
            // 1 KiB holds a typical request head, grows after any read that fills it, and saves
            // 1 KiB per open connection (per idle listener, with thousands of them).
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 1024, maximum: 65536))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let peer = channel.remoteAddress.map { "\($0)" } ?? "unknown"
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(HTTPResponseEncoder(configuration: encoderSettings))
                    try sync.addHandler(
                        ByteToMessageHandler(
                            HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)
                        )
                    )
                    try sync.addHandler(
                        ConnectionStateHandler(idleTimeout: configuration.idleTimeout, logger: logger, peer: peer)
                    )
                    let connection = try ConnectionChannel(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(
                            backPressureStrategy: .init(lowWatermark: 2, highWatermark: 16),
                            isOutboundHalfClosureEnabled: false
                        )
                    )
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
}
