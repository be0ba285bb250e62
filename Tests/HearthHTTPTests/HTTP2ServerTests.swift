import HearthHTTP
import NIOCore
import NIOHPACK
import HearthTesting
import Testing

/// HTTP/2 with prior knowledge (h2c) on the same port as HTTP/1.1: detected per connection,
/// each stream answered by the configured ``HTTP2StreamResponder``, with the transport's body
/// bounds.
struct HTTP2ServerTests {
    /// What a gRPC client does first on an emulator host: the preface, SETTINGS, a HEADERS frame.
    /// The server answers with its SETTINGS and a response HEADERS with `:status`.
    @Test func priorKnowledgeGetsAnHTTP2Connection() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(port: server.port, [HTTP2Exchange.request("GET", "/", endStream: true)])
        }
        #expect(exchange.frames.first?.type == RawHTTP2Frame.settings)
        #expect(exchange.head(":status") == "404")
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("Nothing is served over HTTP/2 at /"))
        // The same port still speaks HTTP/1.1 to the next connection.
        let response = try await onThread { try HTTPTestClient.request("GET", "/after", port: server.port) }
        #expect(response.status == 200)
        #expect(response.bodyText.hasPrefix("GET /after|"))
        try await server.stop()
    }

    /// A gRPC call is told UNIMPLEMENTED in gRPC's own terms: a trailers-only response.
    @Test func aGRPCCallIsUnimplemented() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(
                port: server.port,
                [
                    HTTP2Exchange.request(
                        "POST", "/google.firestore.v1.Firestore/Listen", [("content-type", "application/grpc"), ("te", "trailers")],
                        endStream: false),
                    HTTP2Exchange.data([0, 0, 0, 0, 0], endStream: true),
                ])
        }
        #expect(exchange.headerBlocks.count == 1)
        #expect(exchange.head(":status") == "200")
        #expect(exchange.head("grpc-status") == "12")
        #expect(exchange.head("grpc-message")?.contains("/google.firestore.v1.Firestore/Listen is not implemented") == true)
        try await server.stop()
    }

    /// A responder set in the configuration reads the body and ends with trailers (a trailing
    /// HEADERS frame), as gRPC's status needs.
    @Test func aResponderStreamsABodyAndTrailers() async throws {
        let server = try await TestServer.start({ $0.http2Responder = EchoHTTP2Responder() }, responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(
                port: server.port,
                [
                    HTTP2Exchange.request("POST", "/echo", [("content-type", "application/grpc")], endStream: false),
                    HTTP2Exchange.data(Array("hello ".utf8), endStream: false),
                    HTTP2Exchange.data(Array("world".utf8), endStream: true),
                ])
        }
        #expect(exchange.head(":status") == "200")
        #expect(String(decoding: exchange.body, as: UTF8.self) == "POST /echo: hello world")
        #expect(exchange.headerBlocks.count == 2)
        #expect(exchange.trailer("grpc-status") == "0")
        #expect(exchange.trailer("x-body-bytes") == "11")
        try await server.stop()
    }

    /// A body four windows long, and its echo: the client may send only within its windows
    /// (64 KiB for the stream and the connection), so the upload goes on only because the
    /// server gives the windows back as its responder reads; the echo goes out within the
    /// windows the client gives back in turn.
    @Test func aBodyLargerThanTheWindowsFlowsBothWays() async throws {
        let server = try await TestServer.start({ $0.http2Responder = EchoHTTP2Responder() }, responder: echoResponder)
        let body = (0..<(4 * 65_536)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let (echoed, trailerBytes) = try await onThread { () -> ([UInt8], String?) in
            let connection = try RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try connection.send(
                RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
                    + HTTP2Exchange.request("POST", "/echo", [("content-type", "application/grpc")], endStream: false).bytes)
            var streamWindow = 65_535
            var connectionWindow = 65_535
            var sent = 0
            var echoed: [UInt8] = []
            var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
            var trailer: String?
            while true {
                while sent < body.count, min(streamWindow, connectionWindow) > 0 {
                    let size = min(16_384, streamWindow, connectionWindow, body.count - sent)
                    let end = sent + size == body.count
                    try connection.send(
                        RawHTTP2Frame(type: RawHTTP2Frame.data, flags: end ? RawHTTP2Frame.endStream : 0, stream: 1,
                            payload: Array(body[sent..<(sent + size)])).bytes)
                    sent += size
                    streamWindow -= size
                    connectionWindow -= size
                }
                let frame = try connection.readHTTP2Frame()
                switch frame.type {
                case RawHTTP2Frame.settings where frame.flags & RawHTTP2Frame.ack == 0:
                    try connection.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
                case RawHTTP2Frame.windowUpdate:
                    let increment = frame.payload.prefix(4).reduce(0) { $0 << 8 | Int($1) } & 0x7fff_ffff
                    if frame.stream == 0 { connectionWindow += increment } else { streamWindow += increment }
                case RawHTTP2Frame.data where frame.stream == 1:
                    echoed += frame.payload
                    // Give the client's windows back at once, for the stream and the connection.
                    let increment = UInt32(frame.payload.count)
                    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: increment >> (24 - 8 * $0)) }
                    if increment > 0 {
                        try connection.send(
                            RawHTTP2Frame(type: RawHTTP2Frame.windowUpdate, stream: 0, payload: bytes).bytes
                                + RawHTTP2Frame(type: RawHTTP2Frame.windowUpdate, stream: 1, payload: bytes).bytes)
                    }
                case RawHTTP2Frame.headers where frame.stream == 1:
                    var block = ByteBuffer(bytes: frame.payload)
                    let fields = try decoder.decodeHeaders(from: &block)
                    if let value = fields.first(name: "x-body-bytes") { trailer = value }
                    if frame.flags & RawHTTP2Frame.endStream != 0 { return (echoed, trailer) }
                case RawHTTP2Frame.rstStream, RawHTTP2Frame.goAway:
                    throw RawHTTPError("the server ended the exchange (frame type \(frame.type))")
                default:
                    break
                }
            }
        }
        #expect(trailerBytes == String(body.count))
        #expect(echoed == Array("POST /echo: ".utf8) + body)
        try await server.stop()
    }

    /// The per-request body limit applies to HTTP/2 streams: `413` before any head.
    @Test func theBodyLimitAppliesToStreams() async throws {
        let server = try await TestServer.start(
            {
                $0.http2Responder = EchoHTTP2Responder()
                $0.maxRequestBodySize = 10
            }, responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(
                port: server.port,
                [
                    HTTP2Exchange.request("POST", "/echo", endStream: false),
                    HTTP2Exchange.data(Array(repeating: UInt8(ascii: "x"), count: 20), endStream: true),
                ])
        }
        #expect(exchange.head(":status") == "413")
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("exceeds the 10-byte limit"))
        try await server.stop()
    }

    /// The server-wide body budget applies to collected HTTP/2 bodies too; for gRPC the refusal
    /// is RESOURCE_EXHAUSTED.
    @Test func theBodyBudgetAppliesToStreams() async throws {
        let budget = RequestBodyBudget(capacity: 8)
        let server = try await TestServer.start(
            {
                $0.http2Responder = EchoHTTP2Responder()
                $0.requestBodyBudget = budget
            }, responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(
                port: server.port,
                [
                    HTTP2Exchange.request("POST", "/echo", [("content-type", "application/grpc")], endStream: false),
                    HTTP2Exchange.data(Array(repeating: UInt8(ascii: "x"), count: 20), endStream: true),
                ])
        }
        #expect(exchange.head("grpc-status") == "8")
        #expect(exchange.head("grpc-message")?.contains("budget") == true)
        #expect(budget.inUse == 0)
        try await server.stop()
    }

    /// A connection that starts the preface and stops is closed at the idle timeout, like a
    /// request head that never comes.
    @Test func aStalledPrefaceIsClosedWhenIdle() async throws {
        let server = try await TestServer.start({ $0.idleTimeout = .milliseconds(200) }, responder: echoResponder)
        let rest = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("PRI * HTTP/2.0\r\n")
            return try connection.readUntilClose()
        }
        #expect(rest.isEmpty)
        try await server.stop()
    }

    /// An open stream keeps its connection however quiet it is: Python's gRPC client sends no
    /// pings, so closing on silence ended every quiet `on_snapshot` listener at the idle timeout
    /// (issue 15). Once the stream has ended, the idle connection is closed as before.
    @Test func anOpenStreamKeepsItsConnectionPastTheIdleTimeout() async throws {
        let idle = Duration.milliseconds(100)
        let server = try await TestServer.start(
            {
                $0.idleTimeout = idle
                $0.http2Responder = EchoHTTP2Responder()
            }, responder: echoResponder)
        let outcome = try await onThread { () -> (closedWhileOpen: Bool, body: String, closedAfterEnd: Bool) in
            let connection = try RawHTTPConnection(port: server.port, timeout: .milliseconds(20))
            try connection.send(
                RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
                    + HTTP2Exchange.request("POST", "/echo", endStream: false).bytes)
            // Ten idle timeouts with the stream open and the client silent (the echo responder
            // waits for the body): the server must not close.
            let quietUntil = ContinuousClock.now + idle * 10
            while ContinuousClock.now < quietUntil {
                switch Self.nextFrame(connection) {
                case .closed: return (true, "", true)
                case .timedOut: continue
                case .frame(let frame):
                    if frame.type == RawHTTP2Frame.settings, frame.flags & RawHTTP2Frame.ack == 0 {
                        try connection.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
                    }
                }
            }
            try connection.send(HTTP2Exchange.data(Array("late".utf8), endStream: true).bytes)
            var body: [UInt8] = []
            var ended = false
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                switch Self.nextFrame(connection) {
                case .closed: return (false, String(decoding: body, as: UTF8.self), ended)
                case .timedOut: continue
                case .frame(let frame):
                    guard frame.stream == 1 else { continue }
                    if frame.type == RawHTTP2Frame.data { body += frame.payload }
                    if frame.type == RawHTTP2Frame.headers, frame.flags & RawHTTP2Frame.endStream != 0 { ended = true }
                }
            }
            return (false, String(decoding: body, as: UTF8.self), false)
        }
        #expect(!outcome.closedWhileOpen)
        #expect(outcome.body == "POST /echo: late")
        #expect(outcome.closedAfterEnd)
        try await server.stop()
    }

    enum FrameRead {
        case frame(RawHTTP2Frame)
        case timedOut
        case closed
    }

    /// The next frame, or whether the read timed out (the connection is open and quiet) or
    /// found the connection closed.
    static func nextFrame(_ connection: RawHTTPConnection) -> FrameRead {
        do {
            return .frame(try connection.readHTTP2Frame())
        } catch let error as RawHTTPError where error.description.hasPrefix("Timed out") {
            return .timedOut
        } catch {
            return .closed
        }
    }

    /// Shutdown ends an HTTP/2 connection the way clients expect (RFC 9113 §6.8): a GOAWAY with
    /// NO_ERROR and the largest stream id after the streams already served, then the close;
    /// not a bare close, which a client cannot tell from a crash.
    @Test func shutdownSendsGoAway() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let frames = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
                    + HTTP2Exchange.request("GET", "/", endStream: true).bytes)
            var frames: [RawHTTP2Frame] = []
            // Until the connection closes: reading past its end throws.
            while let frame = try? connection.readHTTP2Frame() {
                frames.append(frame)
                if frame.type == RawHTTP2Frame.settings, frame.flags & RawHTTP2Frame.ack == 0 {
                    try connection.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
                }
                if frame.stream == 1, frame.flags & RawHTTP2Frame.endStream != 0 {
                    server.server.shutdown()  // stream 1 was answered: now shut down
                }
            }
            return frames
        }
        #expect(frames.contains { $0.stream == 1 && $0.flags & RawHTTP2Frame.endStream != 0 })
        let goAways = frames.filter { $0.type == RawHTTP2Frame.goAway }
        #expect(goAways.map { Self.lastStream($0) } == [0x7FFF_FFFF])
        #expect(goAways.allSatisfy { Array($0.payload[4..<8]) == [0, 0, 0, 0] })  // NO_ERROR
        #expect(frames.last?.type == RawHTTP2Frame.goAway)
        try await server.runTask.value
    }

    /// A GOAWAY frame's last-stream-id.
    static func lastStream(_ frame: RawHTTP2Frame) -> UInt32 {
        frame.payload.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
    }
}

/// Collects the body and answers `METHOD path: body`, with trailers saying how many bytes came.
struct EchoHTTP2Responder: HTTP2StreamResponder {
    func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        let body = try await request.body.collect()
        try await writer.writeHead(status: .ok, headers: ["content-type": "application/grpc"])
        try await writer.write(Array("\(request.method) \(request.path): ".utf8) + body)
        try await writer.finish(trailers: ["grpc-status": "0", "x-body-bytes": "\(body.count)"])
    }
}
