import NIOCore

extension StreamOutbox {
    /// The context of the pipeline's `Encoder`, from which a drain writes bytes it framed itself
    /// (``writeChunks(_:promise:into:encoder:)``, ``writeWebSocketText(_:promise:into:encoder:)``); nil when the
    /// pipeline has none (the drain writes through the channel instead). Must run on the
    /// channel's event loop.
    static func context<Encoder: ChannelHandler>(of encoder: Encoder.Type, in channel: any Channel) -> ChannelHandlerContext? {
        try? channel.pipeline.syncOperations.context(handlerType: encoder)
    }

    /// Writes `wire` (bytes framed for the wire) from `encoder`'s place in the pipeline, so they
    /// cross only the handlers below it, then flushes; `promise` completes with the last write,
    /// or at once when there is nothing to write.
    static func write(_ wire: [ByteBuffer], from encoder: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        for (index, buffer) in wire.enumerated() {
            encoder.write(NIOAny(buffer), promise: index == wire.count - 1 ? promise : nil)
        }
        if wire.isEmpty { promise?.succeed() }
        encoder.flush()
    }
}
