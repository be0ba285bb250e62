import HearthHTTP
import HearthTesting
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Streamed response bodies: chunked framing, idle-timer immunity, backpressure, disconnects.
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerStreamingTests {
    @Test func streamedBodyIsChunked() async throws {
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(
                    headers: ["Content-Type": "text/event-stream"],
                    body: .stream { writer in
                        for piece in ["data: 1\n\n", "data: 2\n\n", "", "data: 3\n\n"] {
                            try await writer.write(Array(piece.utf8))
                        }
                    }
                )
            }
        )
        let (first, second) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let first = try connection.readResponse()
            try connection.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")  // keep-alive still works
            return (first, try connection.readResponse())
        }
        #expect(first.wasChunked)
        #expect(first.header("transfer-encoding") == "chunked")
        #expect(first.bodyText == "data: 1\n\ndata: 2\n\ndata: 3\n\n")
        #expect(second.bodyText == first.bodyText)
        try await server.stop()
    }

    @Test func headOfAStreamSendsNoBodyAndDoesNotRunTheStream() async throws {
        let runs = Locked(0)
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(headers: ["Content-Type": "text/event-stream"], body: .stream { writer in
                    runs.set(runs.get() + 1)  // requests on one connection run one at a time
                    try await writer.write(Array("data".utf8))
                })
            }
        )
        let (head, next) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("HEAD /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try connection.readResponse(forHead: true)
            try connection.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return (head, try connection.readResponse())
        }
        #expect(head.status == 200)
        #expect(head.header("content-type") == "text/event-stream")
        #expect(head.header("transfer-encoding") == nil)
        #expect(next.bodyText == "data")  // the HEAD response left no stray bytes behind
        #expect(runs.get() == 1)  // by the GET only
        try await server.stop()
    }

    @Test func streamWithContentLengthIsNotChunked() async throws {
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(headers: ["Content-Length": "6"], body: .stream { writer in
                    try await writer.write(Array("abc".utf8))
                    try await writer.write(Array("def".utf8))
                })
            }
        )
        let response = try await onThread { try HTTPTestClient.request("GET", "/", port: server.port) }
        #expect(!response.wasChunked)
        #expect(response.bodyText == "abcdef")
        try await server.stop()
    }

    @Test func http10StreamEndsWithTheConnection() async throws {
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    try await writer.write(Array("one,".utf8))
                    try await writer.write(Array("two".utf8))
                })
            }
        )
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.0\r\n\r\n")
            return try connection.readResponse()  // no length, no chunking: read until close
        }
        #expect(!response.wasChunked)
        #expect(response.header("connection") == "close")
        #expect(response.bodyText == "one,two")
        try await server.stop()
    }

    @Test func streamThatFailsMidwayClosesTheConnection() async throws {
        struct Broken: Error {}
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    try await writer.write(Array("partial".utf8))
                    throw Broken()
                })
            }
        )
        let outcome = try await onThread { () -> String in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            do {
                _ = try connection.readResponse()
                return "complete"
            } catch {
                return "truncated"
            }
        }
        #expect(outcome == "truncated")  // never a well-framed response the client could trust
        try await server.stop()
    }

    /// A stream that runs much longer than the idle timeout is not cut off by it. The handler
    /// deliberately takes time here: that is the behaviour under test, not a synchronisation.
    @Test func longStreamOutlivesTheIdleTimeout() async throws {
        let server = try await TestServer.start(
            { $0.idleTimeout = .milliseconds(100) },
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    try await writer.write(Array("start,".utf8))
                    try await Task.sleep(for: .milliseconds(400))
                    try await writer.write(Array("end".utf8))
                })
            }
        )
        let response = try await onThread { try HTTPTestClient.request("GET", "/", port: server.port) }
        #expect(response.bodyText == "start,end")
        try await server.stop()
    }

    @Test func writesThrowOnceTheClientIsGone() async throws {
        let outcome = ProducerOutcome()
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    await outcome.record {
                        try await writer.write(Array("hello".utf8))
                        // Keep writing until the transport reports the client has gone.
                        for _ in 0..<1_000_000 {
                            try await writer.write([UInt8](repeating: 0x61, count: 1024))
                        }
                        return "never threw"
                    }
                })
            }
        )
        let port = server.port
        try await onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try connection.read(atLeast: 1)
            connection.close()
        }
        let ended = await outcome.ended()
        #expect(ended == HTTPServerError.clientDisconnected.description)
        try await server.stop()
    }

    /// An idle stream (writing nothing, as a listener between changes does) is cancelled as
    /// soon as its client closes the connection, not at its next write. The producer waits an
    /// hour: only the close can end it before the suite's time limit.
    @Test func aClientClosingCancelsAnIdleStreamAtOnce() async throws {
        let outcome = ProducerOutcome()
        let (first, ended) = try await Self.firstChunkThenClose(
            serving: .stream { writer in
                await outcome.record {
                    try await writer.write(Array("ready".utf8))
                    try await Task.sleep(for: .seconds(3600))
                    return "slept an hour"
                }
            }, outcome: outcome)
        #expect(first == "ready")
        #expect(ended == "\(CancellationError())")
    }

    /// An idle `.eventStream` (run on the connection's own task, waiting on a queue) is told
    /// to stop as soon as its client closes the connection: `onStop` closes its queue.
    @Test func aClientClosingStopsAnIdleEventStreamAtOnce() async throws {
        let outcome = ProducerOutcome()
        let (first, ended) = try await Self.firstChunkThenClose(
            serving: .eventStream { writer in
                await outcome.record {
                    let queue = EventQueue<Int>(capacity: 4)
                    writer.onStop { queue.close() }
                    try await writer.write(Array("ready".utf8))
                    switch await queue.next() {
                    case .closed: return "stopped"
                    default: return "something else"
                    }
                }
            }, outcome: outcome)
        #expect(first == "ready")
        #expect(ended == "stopped")
    }

    /// `abort()` closes the connection under a producer: the client sees the stream cut short
    /// (no final chunk), and the producer's writes throw as soon as the close has happened.
    @Test func abortClosesTheConnectionAndLaterWritesThrow() async throws {
        let outcome = ProducerOutcome()
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(body: .stream { writer in
                    await outcome.record {
                        try await writer.write(Array("partial".utf8))
                        writer.abort()
                        for _ in 0..<1_000_000 { try await writer.write(Array("more".utf8)) }
                        return "wrote after abort"
                    }
                })
            }
        )
        let port = server.port
        let ending = try await onThread { () -> String in
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            do {
                _ = try connection.readResponse()
                return "complete"
            } catch {
                return "\(error)"
            }
        }
        let ended = await outcome.ended()
        #expect(ending.contains("closed"))
        #expect(ended == HTTPServerError.clientDisconnected.description)
        try await server.stop()
    }

    /// While the client reads nothing, the handler's writes stall after a bounded amount (the
    /// socket buffers plus the channel's write buffer) instead of buffering the whole stream.
    ///
    /// Detecting "stalled" needs a quiet period: the client polls the handler's progress and
    /// stops once it has not moved for 300 ms. That pause only bounds how long a stall is
    /// looked for; the assertion itself is about bytes, not time.
    @Test func stalledClientSuspendsTheWriter() async throws {
        let chunk = [UInt8](repeating: 0x62, count: 64 * 1024)
        let total = 1024  // 64 MiB if nothing pushed back
        let progress = Locked(0)
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(headers: ["Content-Length": "\(chunk.count * total)"], body: .stream { writer in
                    for index in 1...total {
                        try await writer.write(chunk)
                        progress.set(index)
                    }
                })
            }
        )
        let port = server.port
        let (stalledAt, received) = try await onThread {
            let connection = try RawHTTPConnection(port: port, receiveBufferSize: 64 * 1024)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            var last = -1
            while true {
                let now = progress.get()
                if now == last && now > 0 { break }
                last = now
                usleep(300_000)
            }
            return (last, try connection.readResponse().body.count)
        }
        #expect(stalledAt > 0)
        #expect(stalledAt < total / 8, "the writer should stall before 8 MiB are buffered (socket buffers are ~4 MiB)")
        #expect(received == chunk.count * total)
        try await server.stop()
    }

    /// Serves `body` on a server of its own, reads the first chunk and closes the connection,
    /// then waits until the producer has ended (`outcome`); returns the first chunk and the outcome.
    private static func firstChunkThenClose(serving body: ResponseBody, outcome: ProducerOutcome) async throws -> (String, String?) {
        let server = try await TestServer.start(responder: ClosureResponder { _ in Response(body: body) })
        let first = try await Self.firstChunkThenClose(port: server.port)
        let ended = await outcome.ended()
        try await server.stop()
        return (first, ended)
    }

    /// Opens a stream with `GET /`, reads its first chunk and closes the connection.
    private static func firstChunkThenClose(port: Int) async throws -> String {
        try await onThread { () -> String in
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try connection.readResponseHead()
            let first = try connection.readChunk() ?? []
            connection.close()
            return String(decoding: first, as: UTF8.self)
        }
    }
}
