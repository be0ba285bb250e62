import Logging
import NIOCore
import NIOHTTP2
import Synchronization

/// One HTTP/2 connection's streams being served: starts a task per stream as its request
/// HEADERS arrive (``HTTP2ConnectionHandler`` calls ``serve(_:inbox:outbound:stream:)`` on the
/// event loop), counts them, and tells ``HTTPServer`` when they have all ended and the
/// connection has closed.
///
/// One task per stream, started from the event loop: no task per connection iterating an
/// async sequence of streams, no second task to make a stream cancellable on its own. A stream
/// the client resets, or that dies with its connection, cancels its task.
final class HTTP2ConnectionStreams: Sendable {
    private struct State {
        var serving = 0
        /// Shutdown sent GOAWAY: close the connection once no stream is served.
        var closeWhenDone = false
        var connectionClosed = false
        /// Run once the connection has closed and no stream is served.
        var drained: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    let connection: any Channel
    let configuration: HTTPServerConfiguration
    /// Drains the streamed bodies of the connection's event loop (``HTTP2ResponseWriter/streamBody(bound:)``).
    let flusher: StreamFlusher
    let remoteAddress: RemoteAddress?
    let logger: Logger

    init(connection: any Channel, configuration: HTTPServerConfiguration, flusher: StreamFlusher, logger: Logger) {
        self.connection = connection
        self.configuration = configuration
        self.flusher = flusher
        self.remoteAddress = connection.remoteAddress.flatMap { address in
            address.ipAddress.map { RemoteAddress(ip: $0, port: address.port) }
        }
        self.logger = logger
    }

    /// Starts serving the stream whose request HEADERS is `head`.
    /// - Returns: what cancels the task (the handler calls it when the stream closes).
    func serve(
        _ head: HTTP2Frame.FramePayload.Headers, inbox: HTTP2StreamInbox, outbound: HTTP2StreamOutbound, stream: HTTP2ServerStream
    ) -> HTTP2StreamCancellation {
        let exchange = HTTP2StreamExchange(
            outbound: outbound, stream: stream, configuration: self.configuration, flusher: self.flusher, logger: self.logger)
        let request = HTTP2StreamExchange.request(
            head, inbox: inbox, configuration: self.configuration, remote: self.remoteAddress, cancellation: exchange.cancellation)
        self.state.withLock { $0.serving += 1 }
        let task = Task {
            await exchange.serve(request)
            self.ended()
        }
        exchange.cancellation.attach(task)
        return exchange.cancellation
    }

    /// Shutdown began and GOAWAY went out: the connection closes once no stream is served (now,
    /// if none is).
    func closeWhenDone() {
        let closeNow = self.state.withLock { state in
            state.closeWhenDone = true
            return state.serving == 0
        }
        if closeNow { self.connection.close(promise: nil) }
    }

    /// Runs `body` once the connection has closed and every stream's task has returned.
    func whenServedAll(_ body: @escaping @Sendable () -> Void) {
        self.connection.closeFuture.whenComplete { _ in
            let now = self.state.withLock { state in
                state.connectionClosed = true
                guard state.serving > 0 else { return true }
                state.drained.append(body)
                return false
            }
            if now { body() }
        }
    }

    /// Waits until the connection has closed and every stream's task has returned.
    func servedAll() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            self.whenServedAll { continuation.resume() }
        }
    }

    private func ended() {
        let (close, drained) = self.state.withLock { state -> (Bool, [@Sendable () -> Void]) in
            state.serving -= 1
            guard state.serving == 0 else { return (false, []) }
            defer { state.drained = [] }
            return (state.closeWhenDone && !state.connectionClosed, state.drained)
        }
        if close { self.connection.close(promise: nil) }
        for body in drained { body() }
    }
}
