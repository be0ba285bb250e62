import NIOCore

/// A drain's writes of bytes framed for the wire (chunks, WebSocket frames) from an encoder's
/// place in the pipeline, so they cross only the handlers below it: each buffer is written as
/// the next one is added, the last is held back to carry the drain's promise, and ``finish(promise:)``
/// flushes once.
///
/// Why not a list of the buffers, written at the end: a drain has one buffer almost always
/// (its pieces framed together), and the list was an allocation per drain per socket.
/// Must be used on the channel's event loop.
struct EncoderWrites: ~Copyable {
    let encoder: ChannelHandlerContext
    private var held: ByteBuffer?

    init(from encoder: ChannelHandlerContext) {
        self.encoder = encoder
    }

    /// Writes the buffer held so far (unflushed) and holds `buffer`.
    mutating func add(_ buffer: ByteBuffer) {
        if let held = self.held { self.encoder.write(NIOAny(held), promise: nil) }
        self.held = buffer
    }

    /// Writes the held buffer with `promise` (completed at once if nothing was added) and flushes.
    consuming func finish(promise: EventLoopPromise<Void>?) {
        if let held = self.held {
            self.encoder.write(NIOAny(held), promise: promise)
        } else {
            promise?.succeed()
        }
        self.encoder.flush()
    }
}
