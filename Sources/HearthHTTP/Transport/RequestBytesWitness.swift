import NIOCore

/// Sits before the HTTP decoder and lets the connection see the bytes being decoded at the
/// moment the decoder rejects them, so the `400` can say which framing rule they broke (NIO's
/// parser errors only name a category: "Transfer-Encoding with Content-Length" and "a
/// Content-Length that is not a number" are the same error there).
///
/// Costs nothing in memory: it holds a reference to the read being decoded only while the
/// decoder runs on it (the decoder reports errors synchronously, within that call), and none
/// between reads, so the channel's receive buffer is reused as before.
final class RequestBytesWitness: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The read being decoded, during the decoder's call only.
    private(set) var current: ByteBuffer?

    init() {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.current = Self.unwrapInboundIn(data)
        context.fireChannelRead(data)
        self.current = nil
    }
}
