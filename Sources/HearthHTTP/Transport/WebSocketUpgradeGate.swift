import NIOCore
import NIOHTTP1

/// Sits before NIO's upgrade handler and decides, from a connection's first request head,
/// whether NIO's handler gets to upgrade it: only an upgrade to `websocket` that NIO will
/// accept (one `Sec-WebSocket-Key`, `Sec-WebSocket-Version: 13`) on a path the
/// ``WebSocketResponder`` takes. Anything else goes on as HTTP/1.1 without NIO's handler: the
/// gate removes it, builds the HTTP/1.1 channel and passes the head on unchanged.
///
/// Why not let NIO's handler decide alone: when it refuses an upgrade request it drops the
/// request's head, and when the first request cannot be parsed it waits for a head that never
/// comes; either way the client would get no answer. Through the gate a refused upgrade is
/// answered by the ``HTTPResponder`` and a malformed request gets its `400`, as on a server
/// without WebSockets. After the first request it passes everything through.
final class WebSocketUpgradeGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// Builds the HTTP/1.1 async channel; runs on the event loop.
    private let makeHTTPChannel: (any Channel) throws -> HTTPServer.ConnectionChannel
    private let accepts: (HTTPRequestHead) -> Bool
    private let promise: EventLoopPromise<HTTP1Upgrade>
    /// NIO's upgrade handler until the first request decided: it holds the HTTP/1.1 handlers,
    /// which a WebSocket no longer needs (a few KiB per connection for the socket's life).
    private var upgradeHandler: (any RemovableChannelHandler)?
    /// The first request has been seen (or failed): pass everything through.
    private var passThrough = false
    /// The connection's promise has been completed.
    private var completed = false

    init(
        upgradeHandler: any RemovableChannelHandler,
        promise: EventLoopPromise<HTTP1Upgrade>,
        accepts: @escaping (HTTPRequestHead) -> Bool,
        makeHTTPChannel: @escaping (any Channel) throws -> HTTPServer.ConnectionChannel
    ) {
        self.upgradeHandler = upgradeHandler
        self.promise = promise
        self.accepts = accepts
        self.makeHTTPChannel = makeHTTPChannel
    }

    /// NIO's handler upgraded (or failed to): the outcome of a request the gate let it have.
    /// NIO's upgrade handler finished with `result`; on the event loop. After an upgrade the
    /// gate only passes frames through, and lets go of the HTTP/1.1 handlers.
    func upgradeCompleted(_ result: Result<HTTP1Upgrade, any Error>) {
        if case .success(.webSocket) = result { self.upgradeHandler = nil }
        guard !self.completed else { return }
        self.completed = true
        self.promise.completeWith(result)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if self.passThrough {
            context.fireChannelRead(data)
            return
        }
        self.passThrough = true
        if case .head(let head) = Self.unwrapInboundIn(data), Self.isWebSocketUpgrade(head), self.accepts(head) {
            context.fireChannelRead(data)  // NIO's handler upgrades; its outcome completes the promise
            return
        }
        guard self.continueAsHTTP(context: context) else { return }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !self.passThrough {
            self.passThrough = true
            guard self.continueAsHTTP(context: context) else { return }
        }
        context.fireErrorCaught(error)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if !self.completed {
            self.completed = true
            self.promise.fail(ChannelError.ioOnClosedChannel)
        }
    }

    /// Removes NIO's upgrade handler and completes the promise with the HTTP/1.1 channel built
    /// behind the gate; false (the connection closing) if that failed.
    private func continueAsHTTP(context: ChannelHandlerContext) -> Bool {
        self.completed = true
        do {
            if let upgradeHandler = self.upgradeHandler {
                context.pipeline.syncOperations.removeHandler(upgradeHandler, promise: nil)
                self.upgradeHandler = nil
            }
            self.promise.succeed(.http(try self.makeHTTPChannel(context.channel)))
            return true
        } catch {
            self.promise.fail(error)
            context.close(promise: nil)
            return false
        }
    }

    /// Whether NIO's WebSocket upgrader would take `head` (RFC 6455 §4.2.1): a GET asking to
    /// upgrade to `websocket`, with exactly one key and version 13.
    static func isWebSocketUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.method == .GET
            && head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
            && head.headers["sec-websocket-key"].count == 1
            && head.headers["sec-websocket-version"] == ["13"]
    }
}
