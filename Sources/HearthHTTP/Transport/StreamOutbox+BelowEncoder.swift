import NIOCore

extension StreamOutbox {
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
