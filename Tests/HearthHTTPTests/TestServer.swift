import HearthHTTP
import HearthTesting
import Logging
import Synchronization

/// A real server on 127.0.0.1 and a free port, running in a background task.
struct TestServer {
    let server: HTTPServer
    let port: Int
    let runTask: Task<Void, any Error>

    /// The error renderer used by every test server: `status|message`, easy to assert on.
    static let errorRenderer: @Sendable (HTTPStatus, String) -> Response = { status, message in
        .text("\(status.code)|\(message)", status: status)
    }

    static func start(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        responder: any HTTPResponder,
        eventLoops: HTTPEventLoops? = nil
    ) async throws -> TestServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoopThreads = 1
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = HTTPServer(
            configuration: configuration,
            responder: responder,
            errorRenderer: Self.errorRenderer,
            logger: logger,
            eventLoops: eventLoops
        )
        let (_, port) = try await server.start()
        let runTask = Task { try await server.run() }
        return TestServer(server: server, port: port, runTask: runTask)
    }

    /// Shuts down and waits until `run()` has returned.
    func stop() async throws {
        self.server.shutdown()
        try await self.runTask.value
    }
}

/// Runs `respond` for every request.
struct ClosureResponder: HTTPResponder {
    let respond: @Sendable (Request) async -> Response

    init(_ respond: @escaping @Sendable (Request) async -> Response) {
        self.respond = respond
    }

    func respond(to request: Request) async -> Response {
        await self.respond(request)
    }
}

/// Runs blocking socket code off Swift's cooperative pool (see `BlockingIO`).
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlockingIO.run(body)
}

/// A one-shot signal between a handler and a test, awaited without polling.
final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (self.stream, self.continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func fire() {
        self.continuation.yield()
    }

    func wait() async {
        var iterator = self.stream.makeAsyncIterator()
        _ = await iterator.next()
    }
}

/// An echo of the request, for checking what the transport delivered:
/// `METHOD path|query-count|body` plus a header per interesting request header.
let echoResponder = ClosureResponder { request in
    var response = Response.text(
        "\(request.method) \(request.path)|\(request.query.items.count)|"
            + String(decoding: request.body, as: UTF8.self)
    )
    response.headers.add(name: "X-Remote-Loopback", value: "\(request.remoteAddress?.isLoopback ?? false)")
    return response
}

/// A value shared between a handler and a test.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        self.mutex = Mutex(value)
    }

    func get() -> Value {
        self.mutex.withLock { $0 }
    }

    func set(_ value: Value) {
        self.mutex.withLock { $0 = value }
    }
}
