import Dispatch
import HearthHTTP
import HearthTesting
import Testing

/// What a WebSocket handler sends: LF-ended messages become text frames in order, close frames
/// carry a code and reason, and a client that stops reading is disconnected once the bytes it
/// has not taken exceed the bound, instead of being buffered for.
struct WebSocketOutboxTests {
    /// Sends through the outbox as the handler is told, then reports what happened.
    struct ScriptedResponder: WebSocketResponder, WebSocketHandler {
        let script: @Sendable (WebSocketSession) async throws -> Void

        func handler(for request: Request) -> (any WebSocketHandler)? { self }

        func serve(_ session: WebSocketSession) async throws {
            try await self.script(session)
        }
    }

    static func start(bound: Int = 1 << 20, _ script: @escaping @Sendable (WebSocketSession) async throws -> Void) async throws -> TestServer {
        try await TestServer.start(
            {
                $0.webSocketResponder = ScriptedResponder(script: script)
                $0.streamBufferSize = bound
            }, responder: echoResponder)
    }

    @Test func linesBecomeMessagesAndCloseCarriesItsCode() async throws {
        let server = try await Self.start { session in
            try await session.outbox.write(Array("one\ntwo\n".utf8))
            #expect(session.outbox.sendText("three"))
            try await session.close(code: .policyViolation, reason: "bye")
        }
        let frames = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /ws HTTP/1.1\r\n" + WebSocketServerTests.upgrade)
            _ = try connection.readResponseHead()
            return try (0..<4).map { _ in try WebSocketServerTests.readFrame(connection) }
        }
        #expect(frames.map(\.opcode) == [0x1, 0x1, 0x1, 0x8])
        #expect(frames[0].payload == Array("one".utf8) && frames[1].payload == Array("two".utf8) && frames[2].payload == Array("three".utf8))
        #expect(frames[3].payload == [0x03, 0xF0] + Array("bye".utf8))
        try await server.stop()
    }

    /// A client that never reads: sends are refused once the bound is reached, never waited
    /// on and never buffered beyond it, and the connection is closed.
    @Test func aStalledClientIsDisconnected() async throws {
        let bound = 64 * 1024
        let (outcomes, report) = AsyncStream.makeStream(of: (refused: Bool, pendingAtRefusal: Int).self)
        let server = try await Self.start(bound: bound) { session in
            let message = String(repeating: "x", count: 16 * 1024)
            // 64 MiB at most: far more than any socket buffer, so a refusal must come first.
            for _ in 0..<4096 where !session.outbox.sendText(message) {
                report.yield((true, session.outbox.pendingBytes))
                report.finish()
                return
            }
            report.yield((false, 0))
            report.finish()
        }
        // The client upgrades, then holds the connection without reading until the handler is done.
        let done = DispatchSemaphore(value: 0)
        async let held: Void = onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /ws HTTP/1.1\r\n" + WebSocketServerTests.upgrade)
            _ = try connection.readResponseHead()
            done.wait()
        }
        var iterator = outcomes.makeAsyncIterator()
        let outcome = await iterator.next()
        done.signal()
        try await held
        #expect(outcome?.refused == true)
        #expect((outcome?.pendingAtRefusal ?? .max) <= bound + 16 * 1024)
        try await server.stop()
    }
}
