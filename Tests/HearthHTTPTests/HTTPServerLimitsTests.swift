import HearthHTTP
import HearthTesting
import Testing

@testable import HearthHTTP

/// Oversized and malformed requests: answered with `errorRenderer` bodies, then closed.
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerLimitsTests {
    @Test func oversizedContentLengthIsRejectedBeforeReadingTheBody() async throws {
        let server = try await TestServer.start({ $0.maxRequestBodySize = 100 }, responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            // No body is sent at all: the answer must come from the head alone.
            try connection.send("POST /big HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n")
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.status == 413)
        #expect(response.bodyText == "413|Request body exceeds the 100-byte limit (Content-Length is 1000 bytes); send a smaller body.")
        #expect(response.header("connection") == "close")
        #expect(rest.isEmpty)
        try await server.stop()
    }

    /// A client that sends its whole oversized body before reading still gets the `413`: the
    /// server drains the rest of the upload before closing, instead of resetting the connection.
    @Test func oversizedBodyThatIsSentAnywayStillGetsItsAnswer() async throws {
        let server = try await TestServer.start({ $0.maxRequestBodySize = 100 }, responder: echoResponder)
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            let body = [UInt8](repeating: 0x7A, count: 4 * 1024 * 1024)
            try connection.send(Array("POST /big HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            return try connection.readResponse()
        }
        #expect(response.status == 413)
        try await server.stop()
    }

    @Test func oversizedChunkedBodyIsRejectedByCounting() async throws {
        let server = try await TestServer.start({ $0.maxRequestBodySize = 100 }, responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            let chunk = String(repeating: "x", count: 60)
            try connection.send(
                "POST /big HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3c\r\n\(chunk)\r\n3c\r\n\(chunk)\r\n3c\r\n\(chunk)\r\n0\r\n\r\n"
            )
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.status == 413)
        #expect(response.bodyText.hasPrefix("413|Request body exceeds the 100-byte limit (got more than "))
        #expect(rest.isEmpty)
        try await server.stop()
    }

    @Test func oversizedHeaderBlockGets431() async throws {
        let server = try await TestServer.start({ $0.maxHeaderSize = 1024 }, responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            let big = String(repeating: "v", count: 2000)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(big)\r\n\r\n")
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.status == 431)
        #expect(response.bodyText.hasPrefix("431|The request line and headers exceed the 1 KiB limit"))
        #expect(rest.isEmpty)
        try await server.stop()
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Header Line\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "GET / HTTP/2.0\r\nHost: localhost\r\n\r\n",
    ])
    func malformedRequestsGet400(raw: String) async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(raw)
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.status == 400)
        #expect(response.bodyText.hasPrefix("400|Malformed HTTP request"))
        #expect(rest.isEmpty)
        try await server.stop()
    }

    @Test(arguments: [(10 * 1024 * 1024, "10 MiB"), (64 * 1024, "64 KiB"), (1000, "1000-byte")])
    func limitsAreDescribedReadably(bytes: Int, text: String) {
        #expect(HTTPConnection.describe(bytes: bytes) == text)
    }

    @Test func idleKeepAliveConnectionIsClosed() async throws {
        let server = try await TestServer.start({ $0.idleTimeout = .milliseconds(200) }, responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // The read blocks until the server closes the idle connection (or 10 s pass).
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.status == 200)
        #expect(rest.isEmpty)
        try await server.stop()
    }

    @Test func incompleteRequestHeadIsClosedAfterTheTimeout() async throws {
        let server = try await TestServer.start({ $0.idleTimeout = .milliseconds(200) }, responder: echoResponder)
        let rest = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n")  // never finished
            return try connection.readUntilClose()
        }
        #expect(rest.isEmpty)
        try await server.stop()
    }
}
