import HearthHTTP
import HearthTesting
import Logging
import SwiftProtobuf

@testable import HearthGRPC

/// A small gRPC service with no Firebase in it (messages are protobuf's own `StringValue`),
/// served by a real ``HTTPServer`` on a free loopback port.
final class GRPCTestService: Sendable {
    typealias Text = Google_Protobuf_StringValue

    /// Fired when `Hang` has started, and when its task was cancelled.
    let hangStarted: TestSignal
    let hangCancelled: TestSignal

    let server: HTTPServer
    let port: Int
    private let runTask: Task<Void, any Error>

    private init(server: HTTPServer, port: Int, runTask: Task<Void, any Error>, hangStarted: TestSignal, hangCancelled: TestSignal) {
        self.server = server
        self.port = port
        self.runTask = runTask
        self.hangStarted = hangStarted
        self.hangCancelled = hangCancelled
    }

    static func start(maxMessageSize: Int = GRPCResponder.defaultMaxMessageSize) async throws -> GRPCTestService {
        let started = TestSignal()
        let cancelled = TestSignal()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoopThreads = 1
        configuration.http2Responder = GRPCResponder(Self.router(started: started, cancelled: cancelled), maxMessageSize: maxMessageSize)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = HTTPServer(
            configuration: configuration, responder: NotFoundResponder(), errorRenderer: { status, message in .text(message, status: status) },
            logger: logger)
        let (_, port) = try await server.start()
        return GRPCTestService(
            server: server, port: port, runTask: Task { try await server.run() }, hangStarted: started, hangCancelled: cancelled)
    }

    func stop() async throws {
        self.server.shutdown()
        try await self.runTask.value
    }

    static func router(started: TestSignal, cancelled: TestSignal) -> GRPCRouter {
        var router = GRPCRouter()
        router.unary("/test.Echo/Upper", Text.self, Text.self) { request, _ in Text(request.value.uppercased()) }
        router.unary("/test.Echo/Fail", Text.self, Text.self) { request, _ in
            throw GRPCStatus(.notFound, "No such thing: \(request.value)", details: [1, 2, 3])
        }
        router.unary("/test.Echo/Metadata", Text.self, Text.self) { request, context in
            Text(context.metadata[request.value] ?? "-")
        }
        router.serverStreaming("/test.Echo/Count", Text.self, Text.self) { request, responses, _ in
            for number in 1...(Int(request.value) ?? 0) { try await responses.send(Text(String(number))) }
        }
        router.bidirectionalStreaming("/test.Echo/Chat", Text.self, Text.self) { requests, responses, _ in
            for try await request in requests { try await responses.send(Text("re: " + request.value)) }
            try await responses.send(Text("bye"))
        }
        router.unary("/test.Echo/Hang", Text.self, Text.self) { _, _ in
            started.fire()
            // Waits until the call's task is cancelled (iterating a stream that never yields ends then).
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}
            continuation.finish()
            cancelled.fire()
            throw CancellationError()
        }
        return router
    }
}

/// Answers HTTP/1.1 with 404: these tests speak HTTP/2 only.
struct NotFoundResponder: HTTPResponder {
    func respond(to request: Request) async -> Response { .text("not found", status: .notFound) }
}

/// A one-shot signal between a handler and a test, awaited without polling.
final class TestSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (self.stream, self.continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func fire() { self.continuation.yield() }

    func wait() async {
        var iterator = self.stream.makeAsyncIterator()
        _ = await iterator.next()
    }
}

extension Google_Protobuf_StringValue {
    init(_ value: String) {
        self.init()
        self.value = value
    }
}
