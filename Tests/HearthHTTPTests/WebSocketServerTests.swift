import HearthHTTP
import HearthTesting
import Synchronization
import Testing

/// The WebSocket upgrade on HTTP/1.1: accepted on the paths a ``WebSocketResponder`` takes,
/// frames flow both ways through NIO's codec, bounded in size; other requests are served as before.
struct WebSocketServerTests {
    /// RFC 6455 §1.3's example key and the accept value it must produce.
    static let upgrade =
        "Host: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    static func start(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
        try await TestServer.start(
            {
                $0.webSocketResponder = EchoWebSocketResponder()
                configure(&$0)
            }, responder: echoResponder)
    }

    @Test func anUpgradeIsAcceptedAndFramesFlow() async throws {
        let server = try await Self.start()
        let (head, replies) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /ws HTTP/1.1\r\n" + Self.upgrade)
            let head = try connection.readResponseHead()
            try connection.send(Self.maskedFrame(opcode: 0x1, Array("hello".utf8)))
            let first = try Self.readFrame(connection)
            try connection.send(Self.maskedFrame(opcode: 0x2, [1, 2, 3]))
            let second = try Self.readFrame(connection)
            try connection.send(Self.maskedFrame(opcode: 0x9, Array("ping".utf8)))
            let pong = try Self.readFrame(connection)
            try connection.send(Self.maskedFrame(opcode: 0x8, [0x03, 0xE8]))
            let close = try Self.readFrame(connection)
            return (head, [first, second, pong, close])
        }
        #expect(head.status == 101)
        #expect(head.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(replies[0].opcode == 0x1 && replies[0].payload == Array("echo: hello".utf8))
        #expect(replies[1].opcode == 0x2 && replies[1].payload == [1, 2, 3])
        #expect(replies[2].opcode == 0xA && replies[2].payload == Array("ping".utf8))
        #expect(replies[3].opcode == 0x8 && replies[3].payload.prefix(2) == [0x03, 0xE8])
        try await server.stop()
    }

    /// A path the responder does not take, or an upgrade NIO's upgrader would refuse (no key, an
    /// old version), is answered as HTTP, as without WebSockets.
    @Test(arguments: [
        "GET /plain HTTP/1.1\r\n" + upgrade,
        "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n",
        "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: a2V5\r\nSec-WebSocket-Version: 8\r\n\r\n",
    ])
    func otherUpgradesAreAnsweredAsHTTP(request: String) async throws {
        let server = try await Self.start()
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(request)
            return try connection.readResponse()
        }
        #expect(response.status == 200)
        #expect(response.bodyText.hasPrefix(request.hasPrefix("GET /plain") ? "GET /plain|" : "GET /ws|"))
        try await server.stop()
    }

    /// With a WebSocket responder, HTTP/1.1 keeps pipelining and still names a malformed first request.
    @Test func httpIsUnchangedBesideIt() async throws {
        let server = try await Self.start()
        let (first, second, malformed) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /a HTTP/1.1\r\nHost: localhost\r\n\r\nGET /b HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let first = try connection.readResponse()
            let second = try connection.readResponse()
            let bad = try RawHTTPConnection(port: server.port)
            try bad.send("GET / HTTP/1.1\r\nHost x\r\n\r\n")
            return (first, second, try bad.readResponse())
        }
        #expect(first.bodyText.hasPrefix("GET /a|"))
        #expect(second.bodyText.hasPrefix("GET /b|"))
        #expect(malformed.status == 400)
        #expect(malformed.bodyText.contains("header line"))
        try await server.stop()
    }

    /// A frame larger than the configured bound closes the session with 1009 (message too big).
    @Test func anOversizedFrameIsRefused() async throws {
        let server = try await Self.start { $0.webSocketMaxFrameSize = 100 }
        let close = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /ws HTTP/1.1\r\n" + Self.upgrade)
            _ = try connection.readResponseHead()
            try connection.send(Self.maskedFrame(opcode: 0x1, Array(repeating: UInt8(ascii: "x"), count: 120)))
            return try Self.readFrame(connection)
        }
        #expect(close.opcode == 0x8)
        #expect(close.payload.prefix(2) == [0x03, 0xF1])
        try await server.stop()
    }

    /// A session runs on a task of its own, not its connection's: shutdown still closes it, and
    /// `run()` returns only once its handler has returned, however long it takes to finish.
    @Test func runReturnsOnceSessionsHaveEnded() async throws {
        let responder = LingeringWebSocketResponder()
        let server = try await TestServer.start({ $0.webSocketResponder = responder }, responder: echoResponder)
        let reply = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /ws HTTP/1.1\r\n" + Self.upgrade)
            _ = try connection.readResponseHead()
            try connection.send(Self.maskedFrame(opcode: 0x1, Array("hello".utf8)))
            return try Self.readFrame(connection)
        }
        #expect(reply.payload == Array("echo: hello".utf8))
        #expect(responder.ended.load(ordering: .relaxed) == 0)
        try await server.stop()
        #expect(responder.ended.load(ordering: .relaxed) == 1)
    }

    /// A client frame (masked, as RFC 6455 requires of clients), payload under 126 bytes.
    static func maskedFrame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        precondition(payload.count < 126)
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Reads one unmasked server frame (payloads under 64 KiB).
    static func readFrame(_ connection: RawHTTPConnection) throws -> (opcode: UInt8, payload: [UInt8]) {
        let header = try connection.read(exactly: 2)
        var length = Int(header[1] & 0x7F)
        if length == 126 {
            let extended = try connection.read(exactly: 2)
            length = Int(extended[0]) << 8 | Int(extended[1])
        }
        return (header[0] & 0x0F, length > 0 ? try connection.read(exactly: length) : [])
    }
}

/// Takes `/ws` only; echoes text as `echo: <text>` and binary as is, until the client closes.
struct EchoWebSocketResponder: WebSocketResponder, WebSocketHandler {
    func handler(for request: Request) -> (any WebSocketHandler)? {
        request.path == "/ws" ? self : nil
    }

    func serve(_ session: WebSocketSession) async throws {
        while let message = try await session.receive() {
            switch message {
            case .text(let text): try await session.send(.text("echo: \(text)"))
            case .binary(let bytes): try await session.send(.binary(bytes))
            }
        }
    }
}

/// As ``EchoWebSocketResponder``, then, once its client is gone (the server shut down), takes
/// its time before it returns and counts it in `ended`.
final class LingeringWebSocketResponder: WebSocketResponder, WebSocketHandler {
    let ended = Atomic(0)

    func handler(for request: Request) -> (any WebSocketHandler)? {
        request.path == "/ws" ? self : nil
    }

    func serve(_ session: WebSocketSession) async throws {
        while let message = try? await session.receive() {
            if case .text(let text) = message { try? await session.send(.text("echo: \(text)")) }
        }
        for _ in 0..<100 { await Task.yield() }
        self.ended.add(1, ordering: .relaxed)
    }
}
