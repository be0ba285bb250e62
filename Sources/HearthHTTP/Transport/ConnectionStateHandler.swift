import Logging
import NIOCore
import NIOHTTP1

/// Applies ``ConnectionStateMachine`` to a channel: idle and slowloris timeouts, graceful
/// quiescing, and lingering close.
///
/// It sits between the HTTP decoder/encoder and the `NIOAsyncChannel` handler, so it sees
/// decoded request parts going in and response parts going out, and can discard requests the
/// connection will never answer. It keeps at most one scheduled timer, which is re-armed
/// lazily when it fires: a busy keep-alive connection schedules nothing per request, it only
/// records a timestamp.
final class ConnectionStateHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var machine: ConnectionStateMachine
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private let logger: Logger
    private let peer: String
    private let idleTimeout: Duration
    private let requestTimeout: Duration
    /// The bytes the decoder is reading, to say which framing rule a rejected request broke.
    private let witness: RequestBytesWitness?

    init(idleTimeout: Duration, requestTimeout: Duration, witness: RequestBytesWitness? = nil, logger: Logger, peer: String) {
        self.witness = witness
        self.machine = ConnectionStateMachine(
            now: .now(), idleTimeout: TimeAmount(idleTimeout), requestTimeout: TimeAmount(requestTimeout))
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.logger = logger
        self.peer = peer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            self.armTimer(context: context)
        }
    }

    /// Removed when the connection upgrades to WebSocket: its timers no longer apply.
    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        self.armTimer(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.machine.closed()
        self.timer?.cancel()
        self.timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if self.machine.isDrainingInput { return }
        let now = NIODeadline.now()
        let action: ConnectionStateMachine.InboundAction
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            action = self.machine.requestHead(keepAlive: head.isKeepAlive, now: now)
            self.armTimer(context: context)  // the request's deadline may come before the idle one
        case .body:
            action = self.machine.requestBody(now: now)
        case .end:
            action = self.machine.requestEnd(now: now)
        }
        if action == .forward {
            context.fireChannelRead(data)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        self.machine.bytesRead(now: .now())
        self.armTimer(context: context)
        if self.machine.isDrainingInput {
            // The async channel handler above stops asking for reads once its consumer is
            // gone; keep reading so a lingering close drains the socket until EOF.
            context.read()
            return
        }
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if self.machine.isDrainingInput { return }
        if let parserError = error as? HTTPParserError {
            context.fireErrorCaught(HTTPFramingError(parserError, bytes: self.witness?.current))
            return
        }
        context.fireErrorCaught(error)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            if self.machine.quiesce() {
                self.logger.trace("Closing idle connection for shutdown", metadata: ["peer": "\(self.peer)"])
                context.close(promise: nil)
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch Self.unwrapOutboundIn(data) {
        case .head(var head):
            if head.status.code >= 200 || head.status == .switchingProtocols {
                if self.machine.responseHead(keepAlive: head.isKeepAlive) {
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                    context.write(Self.wrapOutboundOut(.head(head)), promise: promise)
                    return
                }
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            switch self.machine.responseEnd(now: .now()) {
            case .none:
                context.write(data, promise: promise)
            case .keepAlive(let deadline):
                context.write(data, promise: promise)
                self.armTimer(context: context, deadline: deadline)
            case .linger(let deadline):
                let written = context.eventLoop.makePromise(of: Void.self)
                if let promise { written.futureResult.cascade(to: promise) }
                context.write(data, promise: written)
                context.flush()
                written.futureResult.assumeIsolated().whenComplete { result in
                    switch result {
                    case .success:
                        context.close(mode: .output).assumeIsolated().whenFailure { _ in
                            context.close(promise: nil)
                        }
                        context.read()
                    case .failure:
                        context.close(promise: nil)
                    }
                }
                self.armTimer(context: context, deadline: deadline)
            }
        }
    }

    private func armTimer(context: ChannelHandlerContext) {
        if let deadline = self.machine.idleDeadline {
            self.armTimer(context: context, deadline: deadline)
        }
    }

    /// Makes sure the timer fires no later than `deadline`. An earlier pending timer is kept:
    /// when it fires, the state machine tells it to re-arm for the real deadline.
    private func armTimer(context: ChannelHandlerContext, deadline: NIODeadline) {
        if self.timer != nil, let current = self.timerDeadline, current <= deadline {
            return
        }
        self.timer?.cancel()
        self.timerDeadline = deadline
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.timer = nil
            self.timerDeadline = nil
            self.timerFired(context: context)
        }
    }

    private func timerFired(context: ChannelHandlerContext) {
        // What NIO still holds for the client (0 where the channel cannot tell, e.g. in tests).
        let unsent = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        switch self.machine.timerFired(now: .now(), unsentBytes: unsent) {
        case .none:
            break
        case .reschedule(let deadline):
            self.armTimer(context: context, deadline: deadline)
        case .close(let reason):
            switch reason {
            case .idle, .quiesced, .lingerExpired:
                self.logger.trace(
                    "Closing connection",
                    metadata: ["peer": "\(self.peer)", "reason": "\(reason)"]
                )
            case .requestHeadTimeout:
                self.logger.info(
                    "Closing connection: the request head did not arrive within the idle timeout (\(self.idleTimeout))",
                    metadata: ["peer": "\(self.peer)"]
                )
            case .requestBodyTimeout:
                self.logger.info(
                    "Closing connection: the request body stalled for longer than the idle timeout (\(self.idleTimeout))",
                    metadata: ["peer": "\(self.peer)"]
                )
            case .requestTimeout:
                self.logger.info(
                    "Closing connection: the request did not arrive in full within the request timeout (\(self.requestTimeout)); send it faster, or raise --request-timeout",
                    metadata: ["peer": "\(self.peer)"]
                )
            case .responseStalled:
                self.logger.info(
                    "Closing connection: the client read nothing of its response for longer than the idle timeout (\(self.idleTimeout))",
                    metadata: ["peer": "\(self.peer)"]
                )
            }
            context.close(promise: nil)
        }
    }
}
