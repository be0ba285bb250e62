import CompressNIO
import HearthTesting
import NIOCore
import SwiftProtobuf
import Synchronization
import Testing

@testable import HearthGRPC

/// gRPC calls end to end over a real HTTP/2 connection (raw frames from the client side):
/// the four outcomes a client sees (messages + OK, a status with no message, trailers-only
/// errors, transport refusals) for each kind of method.
@Suite(.timeLimit(.minutes(1)))
struct GRPCCallTests {
    typealias Text = Google_Protobuf_StringValue

    /// Sends one call on stream 1 and reads it to the end.
    static func call(
        _ port: Int, _ path: String, _ messages: [[UInt8]], fields: [(String, String)] = [], endStream: Bool = true
    ) async throws -> HTTP2Exchange {
        var frames = [
            HTTP2Exchange.request(
                "POST", path, [("content-type", "application/grpc"), ("te", "trailers")] + fields, endStream: messages.isEmpty && endStream)
        ]
        for (index, message) in messages.enumerated() {
            frames.append(HTTP2Exchange.data(message, endStream: endStream && index == messages.count - 1))
        }
        let sent = frames
        return try await BlockingIO.run { try HTTP2Exchange.run(port: port, sent) }
    }

    static func framed(_ text: String) throws -> [UInt8] {
        GRPCMessageDeframer.frame(try Text(text).serializedBytes())
    }

    /// The response messages of an exchange, decoded and joined by `|`.
    static func texts(_ exchange: HTTP2Exchange) throws -> String {
        var deframer = GRPCMessageDeframer(maxMessageSize: 1 << 20)
        deframer.append(exchange.body)
        var texts: [String] = []
        while let frame = try deframer.next() { texts.append(try Text(serializedBytes: frame.payload).value) }
        return texts.joined(separator: "|")
    }

    @Test func aUnaryCallAnswersOneMessageThenOK() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(service.port, "/test.Echo/Upper", [Self.framed("hello")])
        #expect(exchange.head(":status") == "200")
        #expect(exchange.head("content-type") == "application/grpc")
        #expect(try Self.texts(exchange) == "HELLO")
        #expect(exchange.headerBlocks.count == 2)
        #expect(exchange.trailer("grpc-status") == "0")
        try await service.stop()
    }

    /// A message split over several DATA frames, the prefix itself cut in two.
    @Test func aMessageSplitOverFramesIsReassembled() async throws {
        let service = try await GRPCTestService.start()
        let message = try Self.framed(String(repeating: "ab", count: 500))
        let pieces: [[UInt8]] = [Array(message[0..<2]), Array(message[2..<600]), Array(message[600...])]
        let exchange = try await Self.call(service.port, "/test.Echo/Upper", pieces)
        #expect(try Self.texts(exchange) == String(repeating: "AB", count: 500))
        #expect(exchange.trailer("grpc-status") == "0")
        try await service.stop()
    }

    /// A handler's status with no message before it: trailers-only, message percent-encoded,
    /// details in base64.
    @Test func aStatusBeforeAnyMessageIsTrailersOnly() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(service.port, "/test.Echo/Fail", [Self.framed("café 100%")])
        #expect(exchange.headerBlocks.count == 1)
        #expect(exchange.head(":status") == "200")
        #expect(exchange.head("grpc-status") == "5")
        #expect(exchange.head("grpc-message") == "No such thing: caf%C3%A9 100%25")
        #expect(exchange.head("grpc-status-details-bin") == "AQID")
        #expect(exchange.body.isEmpty)
        try await service.stop()
    }

    @Test func anUnknownMethodIsUnimplemented() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(service.port, "/test.Echo/Nope", [Self.framed("x")])
        #expect(exchange.head("grpc-status") == "12")
        #expect(exchange.head("grpc-message") == "Method not found: /test.Echo/Nope.")
        try await service.stop()
    }

    @Test func serverStreamingSendsEachMessage() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(service.port, "/test.Echo/Count", [Self.framed("3")])
        #expect(try Self.texts(exchange) == "1|2|3")
        #expect(exchange.trailer("grpc-status") == "0")
        try await service.stop()
    }

    /// Several request messages on one stream, the client half-closing after the last.
    @Test func bidirectionalStreamingReadsUntilTheHalfClose() async throws {
        let service = try await GRPCTestService.start()
        let first: [UInt8] = try Self.framed("a") + Self.framed("b")
        let exchange = try await Self.call(service.port, "/test.Echo/Chat", [first, try Self.framed("c")])
        #expect(try Self.texts(exchange) == "re: a|re: b|re: c|bye")
        #expect(exchange.trailer("grpc-status") == "0")
        try await service.stop()
    }

    @Test func metadataReachesTheHandler() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(
            service.port, "/test.Echo/Metadata", [Self.framed("authorization")], fields: [("authorization", "Bearer owner")])
        #expect(try Self.texts(exchange) == "Bearer owner")
        try await service.stop()
    }

    @Test func aGzipRequestIsInflated() async throws {
        let service = try await GRPCTestService.start()
        let payload: [UInt8] = try Text(String(repeating: "z", count: 5000)).serializedBytes()
        var buffer = ByteBuffer(bytes: payload)
        let compressed = Array(try buffer.compress(with: .gzip()).readableBytesView)
        var framed: [UInt8] = GRPCMessageDeframer.frame(compressed)
        framed[0] = 1
        let exchange = try await Self.call(service.port, "/test.Echo/Upper", [framed], fields: [("grpc-encoding", "gzip")])
        #expect(try Self.texts(exchange) == String(repeating: "Z", count: 5000))
        #expect(exchange.head("grpc-accept-encoding")?.contains("gzip") == true)
        try await service.stop()
    }

    @Test func anOversizedMessageIsResourceExhausted() async throws {
        let service = try await GRPCTestService.start(maxMessageSize: 16)
        let exchange = try await Self.call(service.port, "/test.Echo/Upper", [Self.framed(String(repeating: "x", count: 40))])
        #expect(exchange.head("grpc-status") == "8")
        #expect(exchange.head("grpc-message")?.contains("larger than max") == true)
        try await service.stop()
    }

    @Test func aBadFrameIsAStatusNotACrash() async throws {
        let service = try await GRPCTestService.start()
        let flagFive = try await Self.call(service.port, "/test.Echo/Upper", [[5, 0, 0, 0, 0]])
        #expect(flagFive.head("grpc-status") == "13")
        let cutShort = try await Self.call(service.port, "/test.Echo/Upper", [[0, 0, 0, 0, 9, 1, 2]])
        #expect(cutShort.head("grpc-status") == "13")
        let notProtobuf = try await Self.call(service.port, "/test.Echo/Upper", [GRPCMessageDeframer.frame([0xFF, 0xFF, 0xFF])])
        #expect(notProtobuf.head("grpc-status") == "13")
        let none = try await Self.call(service.port, "/test.Echo/Upper", [])
        #expect(none.head("grpc-status") == "13")
        let badTimeout = try await Self.call(service.port, "/test.Echo/Upper", [Self.framed("x")], fields: [("grpc-timeout", "soon")])
        #expect(badTimeout.head("grpc-status") == "3")
        // The server is still serving.
        let after = try await Self.call(service.port, "/test.Echo/Upper", [Self.framed("ok")])
        #expect(try Self.texts(after) == "OK")
        try await service.stop()
    }

    /// Keepalive PINGs (the iOS SDK sends one every 30 s) around and inside a call are
    /// acknowledged, and the call goes on.
    @Test func keepalivePingsAreAnsweredAndTheCallGoesOn() async throws {
        let service = try await GRPCTestService.start()
        let port = service.port
        let ping = RawHTTP2Frame(type: 0x6, payload: [1, 2, 3, 4, 5, 6, 7, 8])
        let frames = [
            ping, HTTP2Exchange.request("POST", "/test.Echo/Upper", [("content-type", "application/grpc")], endStream: false),
            ping, HTTP2Exchange.data(try Self.framed("still here"), endStream: true),
        ]
        let exchange = try await BlockingIO.run { try HTTP2Exchange.run(port: port, frames) }
        let acks = exchange.frames.filter { $0.type == 0x6 && $0.flags & RawHTTP2Frame.ack != 0 }
        #expect(acks.count >= 1)
        #expect(acks.allSatisfy { $0.payload == ping.payload })
        #expect(try Self.texts(exchange) == "STILL HERE")
        #expect(exchange.trailer("grpc-status") == "0")
        try await service.stop()
    }

    /// `grpc-timeout` passing: DEADLINE_EXCEEDED, and the handler's task is cancelled.
    @Test func aDeadlineEndsTheCallAndCancelsTheHandler() async throws {
        let service = try await GRPCTestService.start()
        let exchange = try await Self.call(service.port, "/test.Echo/Hang", [Self.framed("x")], fields: [("grpc-timeout", "200m")])
        #expect(exchange.head("grpc-status") == "4")
        await service.hangCancelled.wait()
        try await service.stop()
    }

    /// RST_STREAM from the client cancels the handler's task at once.
    @Test func aResetStreamCancelsTheHandler() async throws {
        let service = try await GRPCTestService.start()
        let port = service.port
        let connection = SharedConnection(try RawHTTPConnection(port: port))
        defer { connection.close() }
        var frames: [UInt8] = RawHTTP2Frame.preface
        frames += RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
        frames += HTTP2Exchange.request("POST", "/test.Echo/Hang", [("content-type", "application/grpc")], endStream: false).bytes
        frames += HTTP2Exchange.data(try Self.framed("x"), endStream: true).bytes
        let sent = frames
        try await BlockingIO.run { try connection.send(sent) }
        await service.hangStarted.wait()
        let reset = RawHTTP2Frame(type: RawHTTP2Frame.rstStream, stream: 1, payload: [0, 0, 0, 8])
        try await BlockingIO.run { try connection.send(reset.bytes) }
        await service.hangCancelled.wait()
        try await service.stop()
    }
}

/// One raw connection used from several blocking closures in turn (each waits for the last).
final class SharedConnection: Sendable {
    private let connection: Mutex<RawHTTPConnection>

    init(_ connection: sending RawHTTPConnection) {
        self.connection = Mutex(connection)
    }

    func send(_ bytes: [UInt8]) throws {
        try self.connection.withLock { try $0.send(bytes) }
    }

    func close() {
        self.connection.withLock { $0.close() }
    }
}
