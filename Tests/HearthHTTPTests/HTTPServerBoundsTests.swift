import HearthTesting
import Synchronization
import Testing

// `@testable` for one internal: the server's table of open connections, which
// `aResponseNobodyReadsIsClosedAfterTheIdleTimeout` waits on.
@testable import HearthHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one client can make the server hold, and for how long, over real sockets: a stream's
/// bytes (bounded in bytes, and released with the connection at once when it is cut off),
/// request bodies in flight across connections (a budget), a request that trickles (a
/// deadline), and a response read slowly (not idle while it leaves).
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerBoundsTests {
    /// A stream whose client reads nothing is refused once it holds its byte bound, not after
    /// a number of pieces: with pieces of 100 KiB and a backlog count that would allow 10,000
    /// of them (1 GB), `send` refuses after the socket buffers, the connection's write buffer
    /// and 256 KiB. Its final bytes are queued without waiting, and the connection is closed
    /// though the client never reads (the server does not wait for a keep-alive or a timeout).
    @Test func aStalledStreamIsCutOffAtItsByteBoundAndItsConnectionClosedAtOnce() async throws {
        let accepted = Locked(0)
        let closed = Locked(false)
        let server = try await TestServer.start(
            { $0.streamBufferSize = 256 * 1024 },
            responder: ClosureResponder { _ in
                Response(body: .eventStream { writer in
                    writer.onStop { closed.set(true) }
                    try await writer.write(Array("ready\n".utf8))
                    let piece = SharedBytes([UInt8](repeating: 0x61, count: 100 * 1024))
                    var count = 0
                    while count < 10_000, writer.send(piece, backlog: 10_000) { count += 1 }
                    accepted.set(count)
                    try await writer.write(Array("final\n".utf8))  // must not wait for the stalled client
                })
            })
        let port = server.port
        let closedByServer = try await onThread { () -> Bool in
            let connection = try RawHTTPConnection(port: port, receiveBufferSize: 4096)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try connection.readResponseHead()
            // Reads nothing more; polls (with a deadline) for the server to close the connection.
            let deadline = ContinuousClock.now + .seconds(30)
            while !closed.get(), ContinuousClock.now < deadline { usleep(1_000) }
            defer { connection.close() }
            return closed.get()
        }
        #expect(closedByServer, "the cut-off stream's connection was not closed")
        #expect(accepted.get() > 0)
        #expect(accepted.get() < 160, "more than 16 MB accepted for a client that reads nothing: \(accepted.get()) pieces")
        try await server.stop()
    }

    /// A response read slowly is not idle: with a 1 s idle timeout, a 16 MiB answer read in
    /// 512 KiB steps 50 ms apart (32 steps: at least 1.6 s in all) arrives whole (it was cut once
    /// the timer, started when the response was queued, ran out). The pauses are the slow client
    /// itself, not a wait for the server; the timeout is 20 of them, so a client thread held
    /// off the CPU for a while on a loaded machine does not look idle.
    @Test func aSlowlyReadResponseIsNotCutByTheIdleTimer() async throws {
        let size = 16 * 1024 * 1024
        let server = try await TestServer.start(
            { $0.idleTimeout = .seconds(1) },
            responder: ClosureResponder { _ in Response(body: .bytes([UInt8](repeating: 0x63, count: size))) })
        let port = server.port
        let received = try await onThread { () -> Int in
            let connection = try RawHTTPConnection(port: port, receiveBufferSize: 16 * 1024)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try connection.readResponseHead()
            var total = 0
            while total < size {
                let piece = try connection.read(atLeast: min(512 * 1024, size - total))
                if piece.isEmpty { break }  // closed
                total += piece.count
                usleep(50_000)
            }
            return total
        }
        #expect(received == size, "the response was cut after \(received) bytes")
        try await server.stop()
    }

    /// A client that stops reading a response altogether is closed after an idle timeout: a
    /// response that is not leaving does not hold the connection forever.
    ///
    /// The client reads nothing until the server has let the connection go (polled, with a
    /// deadline, in the server's table of open connections), then reads what the kernels held:
    /// the rest of the 32 MiB never comes. Waiting on the server, not for a while: a client
    /// that started reading before the timer ran out (a loaded machine) would keep it alive.
    @Test func aResponseNobodyReadsIsClosedAfterTheIdleTimeout() async throws {
        let server = try await TestServer.start(
            { $0.idleTimeout = .milliseconds(200) },
            responder: ClosureResponder { _ in Response(body: .bytes([UInt8](repeating: 0x63, count: 32 * 1024 * 1024))) })
        let (port, http) = (server.port, server.server)
        let (released, ending) = try await onThread { () -> (Bool, String) in
            let connection = try RawHTTPConnection(port: port, receiveBufferSize: 4096)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let released = Self.poll { http.openConnections > 0 } && Self.poll { http.openConnections == 0 }
            do {
                let rest = try connection.readUntilClose()
                return (released, rest.count < 32 * 1024 * 1024 ? "closed" : "complete")
            } catch {
                return (released, "\(error)")
            }
        }
        #expect(released, "the server still holds the connection nobody reads")
        #expect(ending == "closed" || ending.contains("closed") || ending.contains("reset"), "\(ending)")
        try await server.stop()
    }

    /// Polls `condition` every millisecond until it holds (true) or 30 s have passed (false).
    private static func poll(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    /// A request body trickled slower than it takes to finish is closed at the request
    /// timeout, however recently its last byte came (the idle timeout is an hour here).
    @Test func aTrickledRequestIsClosedAtTheRequestTimeout() async throws {
        let server = try await TestServer.start(
            { $0.idleTimeout = .seconds(3600); $0.requestTimeout = .milliseconds(300) }, responder: echoResponder)
        let port = server.port
        let rest = try await onThread { () -> [UInt8] in
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nx")
            return try connection.readUntilClose()  // a read timeout (10 s) throws instead
        }
        #expect(rest.isEmpty)
        try await server.stop()
    }

    /// Bodies in flight share one budget: while one connection holds 800 of 1,000 bytes,
    /// another's 300-byte body gets `503` with `Retry-After` and the renderer's error body,
    /// before any of it is read; once the first is answered its bytes are free again.
    @Test func bodiesBeyondTheServerWideBudgetGet503() async throws {
        let budget = RequestBodyBudget(capacity: 1000)
        let server = try await TestServer.start({ $0.requestBodyBudget = budget }, responder: echoResponder)
        let port = server.port
        let (busy, chunkedBusy, first, again) = try await onThread {
            let holder = try RawHTTPConnection(port: port)
            try holder.send("POST /a HTTP/1.1\r\nHost: localhost\r\nContent-Length: 800\r\n\r\n" + String(repeating: "a", count: 10))
            // Polled with a deadline: the holder's head has been read once it holds its 800 bytes.
            let deadline = ContinuousClock.now + .seconds(10)
            while budget.inUse < 800, ContinuousClock.now < deadline { usleep(1_000) }

            let other = try RawHTTPConnection(port: port)
            try other.send("POST /b HTTP/1.1\r\nHost: localhost\r\nContent-Length: 300\r\n\r\n")
            let busy = try other.readResponse()
            let chunked = try RawHTTPConnection(port: port)
            try chunked.send("POST /c HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n12c\r\n" + String(repeating: "c", count: 300) + "\r\n")
            let chunkedBusy = try chunked.readResponse()

            try holder.send(String(repeating: "a", count: 790))
            let first = try holder.readResponse()
            #expect(budget.inUse == 0)
            let retry = try RawHTTPConnection(port: port)
            try retry.send("POST /b HTTP/1.1\r\nHost: localhost\r\nContent-Length: 300\r\n\r\n" + String(repeating: "b", count: 300))
            return (busy, chunkedBusy, first, try retry.readResponse())
        }
        #expect(busy.status == 503)
        #expect(busy.header("retry-after") == "1")
        #expect(busy.header("connection") == "close")
        #expect(busy.bodyText.hasPrefix("503|The server is already receiving 800 bytes of request bodies"))
        #expect(busy.bodyText.contains("1000-byte budget"))
        #expect(chunkedBusy.status == 503)
        #expect(first.status == 200)
        #expect(first.bodyText.hasPrefix("POST /a|0|aaaa"))
        #expect(again.status == 200)
        try await server.stop()
    }

    /// A body larger than the whole budget could never fit: 413, not 503.
    @Test func aBodyLargerThanTheWholeBudgetIs413() async throws {
        let server = try await TestServer.start({ $0.requestBodyBudget = RequestBodyBudget(capacity: 1000) }, responder: echoResponder)
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(response.status == 413)
        #expect(response.bodyText.contains("5000 bytes exceeds the 1000-byte budget for all request bodies held at once"))
        try await server.stop()
    }

    /// A malformed request is told which framing rule it broke, not the parser's category
    /// ("paused (swift-http-parser error)", or an invalid Content-Length for TE and CL).
    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         "both Transfer-Encoding and Content-Length"),
        ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         "both Transfer-Encoding and Content-Length"),
        ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "more than one Content-Length"),
        ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}", "Content-Length is not a decimal number"),
        ("POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n{}", "Transfer-Encoding does not end in chunked"),
        ("POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "chunk size"),
        // The whole preface is served as HTTP/2 (HTTP2ServerTests); a broken one is still named.
        ("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n", "HTTP/2 connection preface"),
        ("GET / HTTP/3.0\r\nHost: localhost\r\n\r\n", "HTTP version"),
        ("GET / HTTP/1.1\r\nHost x\r\n\r\n", "header line"),
    ])
    func malformedFramingNamesTheRuleBroken(raw: String, rule: String) async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(raw)
            return try connection.readResponse()
        }
        #expect(response.status == 400)
        #expect(response.bodyText.hasPrefix("400|Malformed HTTP request: "))
        #expect(response.bodyText.contains(rule), "\(response.bodyText)")
        #expect(!response.bodyText.contains("swift-http-parser"))
        try await server.stop()
    }
}

extension HTTPServer {
    /// How many connections the server is serving (accepted and not yet closed).
    fileprivate var openConnections: Int {
        self.state.withLock { $0.connections.count }
    }
}
