import NIOCore

/// The pipeline context one stream's drains write below, from which they write bytes they
/// framed themselves (its `HTTPResponseEncoder`'s for ``StreamOutbox/writeChunks(_:promise:into:encoder:)``,
/// its `WebSocketFrameEncoder`'s for ``StreamOutbox/writeWebSocketText(_:promise:into:encoder:)``),
/// found on the first drain and kept for the next ones.
///
/// Why: finding it walks the pipeline from the head, retaining each handler to check its type,
/// for the same answer on every drain: 2.5 % of the server's CPU while a thousand WebSocket
/// connections get 200 events/s, 1.5 % for SSE listeners (perf). Kept weakly, so that a
/// stream that outlives its channel holds no pipeline alive, nor a cycle through a handler
/// that holds the stream. Cost: one small object per stream.
final class EncoderContextCache: Sendable {
    /// Non-Sendable, reached only on the event loop through ``slot``.
    private final class Slot {
        weak var context: ChannelHandlerContext?
    }

    private let slot: NIOLoopBoundBox<Slot>

    init(eventLoop: any EventLoop) {
        self.slot = NIOLoopBoundBox.makeBoxSendingValue(Slot(), eventLoop: eventLoop)
    }

    /// The context of the pipeline's `Encoder`, or nil when it has none (the drain writes
    /// through the channel instead; looked up again next time). Must run on the channel's
    /// event loop.
    func context<Encoder: ChannelHandler>(of encoder: Encoder.Type, in channel: any Channel) -> ChannelHandlerContext? {
        if let context = self.slot.value.context { return context }
        let context = try? channel.pipeline.syncOperations.context(handlerType: encoder)
        self.slot.value.context = context
        return context
    }
}
