import Logging
import NIOCore

/// The first handler of every connection (after TLS, when on): holds the first bytes until
/// they tell which protocol the client speaks (``ProtocolDetection``), has the pipeline for it
/// built behind itself, passes the bytes on, and removes itself.
///
/// Costs HTTP/1.1 nothing per request: it decides on the first read (usually one byte is
/// enough), and is gone before the first request is decoded. While it waits, it closes a
/// connection that sends nothing within the idle timeout (as the HTTP/1.1 state handler does
/// for a request head that never comes) and one the server asks to quiesce; it holds at most
/// the preface's 24 bytes plus one read.
final class ProtocolDetector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Builds the pipeline for the detected protocol behind the detector; runs on the event loop.
    typealias Configure = (ProtocolDetection, any Channel) throws -> DetectedConnection

    private let configure: Configure
    private let promise: EventLoopPromise<DetectedConnection>
    private let idleTimeout: TimeAmount
    private let logger: Logger
    private var buffered: ByteBuffer?
    private var timer: Scheduled<Void>?
    private var decided = false

    init(idleTimeout: Duration, promise: EventLoopPromise<DetectedConnection>, logger: Logger, configure: @escaping Configure) {
        self.idleTimeout = TimeAmount(idleTimeout)
        self.promise = promise
        self.logger = logger
        self.configure = configure
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(in: self.idleTimeout) {
            guard !self.decided else { return }
            let peer: Logger.Metadata = ["peer": "\(loopBoundContext.value.channel.remoteAddress.map { "\($0)" } ?? "unknown")"]
            if self.buffered == nil {
                // Nothing at all (a browser's preconnect): as quiet as an idle keep-alive connection.
                self.logger.trace("Closing idle connection", metadata: peer)
            } else {
                self.logger.info("Closing connection: the request head did not arrive within the idle timeout", metadata: peer)
            }
            loopBoundContext.value.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        if !self.decided {
            self.decided = true
            self.promise.fail(ChannelError.ioOnClosedChannel)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = Self.unwrapInboundIn(data)
        if self.decided {
            context.fireChannelRead(data)
            return
        }
        if var held = self.buffered {
            held.writeBuffer(&bytes)
            bytes = held
        }
        guard let detection = ProtocolDetection.detect(bytes.readableBytesView) else {
            self.buffered = bytes
            return
        }
        self.buffered = nil
        self.decided = true
        self.timer?.cancel()
        self.timer = nil
        do {
            let connection = try self.configure(detection, context.channel)
            self.promise.succeed(connection)
        } catch {
            self.promise.fail(error)
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(Self.wrapInboundOut(bytes))
        context.fireChannelReadComplete()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !self.decided {
            self.decided = true
            self.promise.fail(ChannelError.ioOnClosedChannel)
        }
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Quiescing, or the client ended its side before saying which protocol it speaks.
        if !self.decided, event is ChannelShouldQuiesceEvent || (event as? ChannelEvent) == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !self.decided {
            // A TLS handshake that failed, a reset before any byte: nothing to answer.
            self.logger.debug("Connection failed before its protocol was known: \(error)")
            context.close(promise: nil)
            return
        }
        context.fireErrorCaught(error)
    }
}
