public import Logging
package import NIOCore
package import NIOHTTP1
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server on SwiftNIO: HTTP/1.1 requests go to one ``HTTPResponder``, HTTP/2 streams to
/// ``HTTPServerConfiguration/http2Responder``; which one a connection speaks is told from its
/// first bytes (``ProtocolDetector``), after TLS when ``HTTPServerConfiguration/tls`` is set.
///
/// Lifecycle: ``start()`` binds (and returns the real port, useful with port `0`), ``run()``
/// serves until ``shutdown()`` and returns once every connection has closed. Each accepted
/// connection is served by its own child task in a discarding task group, and catches its
/// own errors, so one misbehaving client never affects another.
///
/// Per request the transport costs one decoded head, one body array, one response head and
/// (for buffered bodies) one write and flush; transport-level failures (malformed requests,
/// oversized heads or bodies) are answered with bodies from `errorRenderer`.
///
/// Connection tasks run on Swift's global executor, not on the event loops: running them on
/// their channel's loop (a task-executor preference) was measured at about 25% fewer requests
/// per second on two cores, since I/O and handler work then compete for the same threads.
public final class HTTPServer: Sendable {
    package typealias ConnectionChannel = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    /// The listening socket and the stream its accepted connections arrive on.
    struct Listener: Sendable {
        let channel: any Channel
        let connections: AsyncStream<AcceptedConnection>
        /// The group this server made for itself (and shuts down), nil when it was given one.
        let ownGroup: MultiThreadedEventLoopGroup?
        let host: String
        let port: Int
    }

    /// Where the server is in its life; guarded by `state`.
    enum Lifecycle {
        case idle
        case starting
        case bound(Listener)
        case running(Listener)
        case shutDown
    }

    struct State {
        var lifecycle: Lifecycle = .idle
        var shutdownRequested = false
        var connections: [ObjectIdentifier: any Channel] = [:]
        var listenerChannel: (any Channel)?
    }

    package let configuration: HTTPServerConfiguration
    package let responder: any HTTPResponder
    package let errorRenderer: @Sendable (HTTPStatus, String) -> Response
    let logger: Logger
    let state = Mutex(State())
    let shutdownSignal = StopSignal()
    let flushers = StreamFlushers()
    /// Connections served after their connection task returned: upgraded WebSocket sessions
    /// (each on a task of its own) and HTTP/2 connections (on their streams' tasks).
    let handedOff = HandedOffConnections()
    /// The event loops every server of the process shares, when given; else each server makes its own.
    let sharedGroup: HTTPEventLoops?

    /// Creates a server; nothing is bound until ``start()`` or ``run()``.
    ///
    /// - Parameters:
    ///   - configuration: address, limits and timeouts.
    ///   - responder: answers every request (usually a ``RouterResponder``).
    ///   - errorRenderer: builds the response for errors the transport detects itself
    ///     (`400`, `413`, `431`), from the status and a message saying what was wrong and what
    ///     to do, so they come in the same format as the application's own errors.
    ///   - logger: one `.debug` line per request; transport problems at `.info`/`.warning`.
    ///   - eventLoops: the event loops to serve on, shared by every server of the process
    ///     (its owner shuts it down, after every server's ``run()`` has returned); nil makes
    ///     a group of ``HTTPServerConfiguration/eventLoopThreads`` threads for this server alone.
    public init(
        configuration: HTTPServerConfiguration,
        responder: any HTTPResponder,
        errorRenderer: @escaping @Sendable (HTTPStatus, String) -> Response,
        logger: Logger,
        eventLoops: HTTPEventLoops? = nil
    ) {
        self.sharedGroup = eventLoops
        // Every way in is guarded by the host check (DNS rebinding) before anything answers.
        var configuration = configuration
        let hosts = configuration.allowedHosts
        configuration.http2Responder = HostCheckedHTTP2Responder(
            inner: configuration.http2Responder, allowlist: hosts, errorRenderer: errorRenderer)
        configuration.webSocketResponder = configuration.webSocketResponder.map { HostCheckedWebSocketResponder(inner: $0, allowlist: hosts) }
        self.configuration = configuration
        self.responder = HostCheckedResponder(inner: responder, allowlist: hosts, errorRenderer: errorRenderer)
        self.errorRenderer = errorRenderer
        self.logger = logger
    }

    /// Binds the listening socket; calling it again once bound returns the same address.
    ///
    /// - Returns: the bound host and the actual port (the chosen one when configured as `0`).
    /// - Throws: ``HTTPServerError`` naming the address and what to do when binding fails
    ///   (for example, the port is in use); ``HTTPServerError/alreadyShutDown`` after
    ///   ``shutdown()``.
    public func start() async throws -> (host: String, port: Int) {
        let bound = try self.state.withLock { state -> (host: String, port: Int)? in
            switch state.lifecycle {
            case .bound(let listener), .running(let listener):
                return (listener.host, listener.port)
            case .idle where !state.shutdownRequested:
                state.lifecycle = .starting
                return nil
            case .idle, .starting, .shutDown:
                throw HTTPServerError.alreadyShutDown
            }
        }
        if let bound { return bound }

        let host = self.configuration.host
        let group: any EventLoopGroup
        let ownGroup: MultiThreadedEventLoopGroup?
        if let shared = self.sharedGroup {
            guard let sharedGroup = try? shared.group else {
                // The process's event loops were shut down before this server started.
                self.state.withLock { $0.lifecycle = .idle }
                throw HTTPServerError.alreadyShutDown
            }
            (group, ownGroup) = (sharedGroup, nil)
        } else {
            let made = MultiThreadedEventLoopGroup(numberOfThreads: max(1, self.configuration.eventLoopThreads))
            (group, ownGroup) = (made, made)
        }
        let serverChannel: any Channel
        let connections: AsyncStream<AcceptedConnection>
        do {
            (serverChannel, connections) = try await self.bind(group: group)
        } catch {
            try? await ownGroup?.shutdownGracefully()
            self.state.withLock { $0.lifecycle = .idle }
            throw Self.describeBindFailure(error, host: host, port: self.configuration.port)
        }
        let port = serverChannel.localAddress?.port ?? self.configuration.port
        let listener = Listener(channel: serverChannel, connections: connections, ownGroup: ownGroup, host: host, port: port)
        let shutdownRequested = self.state.withLock { state in
            state.lifecycle = .bound(listener)
            state.listenerChannel = serverChannel
            return state.shutdownRequested
        }
        if shutdownRequested {
            // shutdown() ran while binding: close at once, and let a task release resources.
            serverChannel.close(promise: nil)
            Task { try? await self.run() }
        }
        self.logger.info("HTTP server listening on \(host):\(port)")
        return (host, port)
    }

    /// Serves connections until ``shutdown()``; returns once every connection has closed and
    /// the event loops have stopped. Calls ``start()`` first if needed; returns at once if the
    /// server has already been shut down.
    public func run() async throws {
        if case .idle = self.state.withLock({ $0.lifecycle }) {
            _ = try await self.start()
        }
        let listener = try self.state.withLock { state -> Listener? in
            switch state.lifecycle {
            case .bound(let listener):
                state.lifecycle = .running(listener)
                return listener
            case .running, .shutDown:
                guard state.shutdownRequested else {
                    throw HTTPServerError.alreadyRunning
                }
                return nil
            case .idle, .starting:
                throw HTTPServerError.alreadyShutDown
            }
        }
        guard let listener else { return }
        defer {
            self.state.withLock { $0.lifecycle = .shutDown }
        }
        // The stream ends once the listening socket has closed and every connection accepted
        // before that has been handed over, so none is left unserved.
        await withDiscardingTaskGroup { tasks in
            for await connection in listener.connections {
                tasks.addTask {
                    _ = await self.serveConnection(connection)
                }
            }
        }
        await self.handedOff.allEnded()
        try await listener.ownGroup?.shutdownGracefully()
        self.logger.info("HTTP server on \(listener.host):\(listener.port) stopped")
    }

    /// Starts a graceful shutdown; safe to call from any thread or task, any number of times
    /// (it takes a lock, so from a POSIX signal, call it via a `DispatchSource` or a task, not
    /// from the raw handler).
    ///
    /// The listening socket closes at once (new connections are refused), idle keep-alive
    /// connections close, and connections with a request in progress close after its
    /// response has been written (with `Connection: close`). Streamed responses are asked to
    /// end by cancelling their producer's task; the response is then finished properly.
    /// ``run()`` returns once every connection has closed. If the server was started but
    /// ``run()`` was never called, a task releases its resources.
    public func shutdown() {
        let (serverChannel, connections, needsRunner) = self.state.withLock {
            state -> ((any Channel)?, [any Channel], Bool) in
            let first = !state.shutdownRequested
            state.shutdownRequested = true
            var needsRunner = false
            if first, case .bound = state.lifecycle { needsRunner = true }
            return (state.listenerChannel, Array(state.connections.values), needsRunner)
        }
        serverChannel?.close(promise: nil)
        self.shutdownSignal.fire()
        for connection in connections {
            connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        if needsRunner {
            // Bound but never run: drain accepted connections and stop the event loops.
            Task { try? await self.run() }
        }
    }

    /// Waits until the listening socket is closed (after ``shutdown()``); for tests.
    func listenerClosed() async throws {
        let channel = self.state.withLock { $0.listenerChannel }
        try await channel?.closeFuture.get()
    }

    /// The responder of this server's HTTP/2 streams (the fuzz harnesses serve connections
    /// with it on in-memory channels).
    package var http2Responder: any HTTP2StreamResponder { self.configuration.http2Responder }

    /// Serves one accepted connection once its protocol is known, until it closes (a WebSocket
    /// session or an HTTP/2 connection too, though they are served after the connection's task
    /// returned); `package` for the fuzz harnesses.
    package func serve(_ accepted: AcceptedConnection) async {
        if let handedOff = await self.serveConnection(accepted) { await handedOff() }
    }

    /// ``run()``'s task per connection: serves it, or, once it is a WebSocket session or an
    /// HTTP/2 connection, hands it off (``HandedOffConnections``) and returns what waits for its
    /// end, so the task ends and releases what detection cost it.
    func serveConnection(_ accepted: AcceptedConnection) async -> (@Sendable () async -> Void)? {
        var handedOff: (@Sendable () async -> Void)?
        await self.tracking(accepted.channel) {
            handedOff = await self.serveDetected(accepted)
        }
        return handedOff
    }

    /// Waits for the connection's protocol, then serves it: HTTP/1.1 on this task; a WebSocket
    /// session on a task of its own, an HTTP/2 connection on its streams' tasks (both handed
    /// off, and what waits for their end returned). Each protocol's serving function is
    /// `@inline(never)`: an async frame is sized for every path through its function and lives
    /// as long as the connection, so inlined, one path's locals would be paid by every other.
    private func serveDetected(_ accepted: AcceptedConnection) async -> (@Sendable () async -> Void)? {
        let channel = accepted.channel
        let detected: DetectedConnection
        do {
            detected = try await accepted.detected.get()
        } catch {
            return nil  // closed (or timed out) before it said which protocol it speaks
        }
        switch detected {
        case .http1(let connection):
            await self.serveHTTP1(connection)
        case .upgradable(let upgrade):
            switch try? await upgrade.get() {
            case .http(let connection):
                await self.serveHTTP1(connection)
            case .webSocket(let session, let handler, let path):
                let task = self.handedOff.start { await self.serveWebSocket(session, handler, path: path) }
                return { await task.value }
            case nil:
                channel.close(promise: nil)
            }
        case .http2(let streams):
            self.handOffHTTP2(streams)
            return { await streams.servedAll() }
        }
        return nil
    }

    /// Serves one HTTP/1.1 connection until it closes; `package` so the HTTP fuzz harness can
    /// serve an in-memory channel.
    package func serve(_ connection: ConnectionChannel) async {
        await self.tracking(connection.channel) {
            await self.serveHTTP1(connection)
        }
    }

    /// Runs `body` with `channel` counted among the open connections (so ``shutdown()`` can
    /// ask it to quiesce, at once if shutdown has already begun), and forgets it afterwards.
    private func tracking(_ channel: any Channel, _ body: () async -> Void) async {
        let id = ObjectIdentifier(channel)
        let quiesceNow = self.state.withLock { state in
            state.connections[id] = channel
            return state.shutdownRequested
        }
        if quiesceNow {
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        defer {
            _ = self.state.withLock { $0.connections.removeValue(forKey: id) }
        }
        await body()
    }

    @inline(never)
    private func serveHTTP1(_ connection: ConnectionChannel) async {
        let channel = connection.channel
        let remote = channel.remoteAddress.flatMap { address in
            address.ipAddress.map { RemoteAddress(ip: $0, port: address.port) }
        }
        await HTTPConnection(channel: connection, server: self, remoteAddress: remote).serve()
    }

    private static func describeBindFailure(_ error: any Error, host: String, port: Int) -> HTTPServerError {
        if let ioError = error as? IOError, ioError.errnoCode == EADDRINUSE {
            return .addressInUse(host: host, port: port)
        }
        if let ioError = error as? IOError, ioError.errnoCode == EACCES {
            return .bindFailed(host: host, port: port, reason: "permission denied (ports below 1024 need privileges)")
        }
        return .bindFailed(host: host, port: port, reason: "\(error)")
    }
}
