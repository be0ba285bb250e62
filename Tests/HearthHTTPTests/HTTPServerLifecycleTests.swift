import HearthTesting
import Logging
import Testing

@testable import HearthHTTP

/// Graceful shutdown: in-flight requests finish, idle connections close, new ones are refused.
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerLifecycleTests {
    @Test func shutdownLetsInFlightRequestsFinish() async throws {
        let handlerStarted = Signal()
        let release = Signal()
        let server = try await TestServer.start(
            responder: ClosureResponder { request in
                if request.path == "/slow" {
                    handlerStarted.fire()
                    await release.wait()
                }
                return .text("done \(request.path)")
            }
        )
        let port = server.port
        // An idle keep-alive connection, which shutdown should close.
        async let idleClosed: [UInt8] = onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /warmup HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try connection.readResponse()
            return try connection.readUntilClose()
        }
        async let slow: RawHTTPResponse = onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return try connection.readResponse()
        }
        await handlerStarted.wait()
        server.server.shutdown()
        server.server.shutdown()  // idempotent
        try await server.server.listenerClosed()
        // New connections are refused once the listening socket has closed.
        let refused = try await onThread { () -> Bool in
            do {
                _ = try RawHTTPConnection(port: port)
                return false
            } catch {
                return true
            }
        }
        #expect(refused)
        release.fire()
        let response = try await slow
        #expect(response.status == 200)
        #expect(response.bodyText == "done /slow")
        #expect(response.header("connection") == "close")
        #expect(try await idleClosed.isEmpty)
        try await server.runTask.value  // run() returns
    }

    @Test func shutdownEndsStreamsProperly() async throws {
        let streaming = Signal()
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    try await writer.write(Array("event\n".utf8))
                    streaming.fire()
                    try await Task.sleep(for: .seconds(3600))  // an endless event stream
                })
            }
        )
        let complete = try await Self.shutDownDuringStream(server, streaming: streaming)
        #expect(complete.wasChunked)
        #expect(complete.bodyText == "event\n")
    }

    /// An `.eventStream` producer is not cancelled: it is told to stop through `onStop`, and
    /// the response still ends properly.
    @Test func shutdownStopsEventStreamsThroughOnStop() async throws {
        let streaming = Signal()
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .eventStream { writer in
                    let queue = EventQueue<Int>(capacity: 4)
                    writer.onStop { queue.close() }
                    try await writer.write(Array("event\n".utf8))
                    streaming.fire()
                    if case .element = await queue.next() { try await writer.write(Array("unexpected".utf8)) }
                })
            }
        )
        let complete = try await Self.shutDownDuringStream(server, streaming: streaming)
        #expect(complete.wasChunked)
        #expect(complete.bodyText == "event\n")
    }

    @Test func shutdownBeforeRunMakesRunReturn() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        try await server.stop()
        await #expect(throws: HTTPServerError.alreadyShutDown) {
            _ = try await server.server.start()
        }
    }

    @Test func shutdownWithoutRunReleasesTheServer() async throws {
        let server = HTTPServer(
            configuration: { var c = HTTPServerConfiguration(); c.port = 0; c.eventLoopThreads = 1; return c }(),
            responder: echoResponder,
            errorRenderer: TestServer.errorRenderer,
            logger: .init(label: "test")
        )
        let (_, port) = try await server.start()
        #expect(try await server.start().port == port)  // idempotent once bound
        server.shutdown()
        try await server.listenerClosed()
        try await server.run()  // returns at once: already shut down
        let refused = try await onThread { () -> Bool in (try? RawHTTPConnection(port: port)) == nil }
        #expect(refused)
    }

    /// Opens a stream on `server`, shuts the server down once the producer has written
    /// (`streaming`), and returns the whole response once the server has stopped running.
    private static func shutDownDuringStream(_ server: TestServer, streaming: Signal) async throws -> RawHTTPResponse {
        let port = server.port
        async let response: RawHTTPResponse = onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return try connection.readResponse()
        }
        await streaming.wait()
        server.server.shutdown()
        let complete = try await response
        try await server.runTask.value
        return complete
    }
}
