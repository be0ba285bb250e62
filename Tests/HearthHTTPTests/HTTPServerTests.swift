import HearthHTTP
import HearthTesting
import Logging
import Testing

/// Transport behaviour on real sockets at 127.0.0.1, port 0.
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let bodies = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            var bodies: [String] = []
            for index in 1...3 {
                try connection.send("GET /r\(index)?a=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let response = try connection.readResponse()
                bodies.append("\(response.status) \(response.bodyText) \(response.header("connection") ?? "-")")
            }
            return bodies
        }
        #expect(bodies == ["200 GET /r1|1| -", "200 GET /r2|1| -", "200 GET /r3|1| -"])
        try await server.stop()
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try await TestServer.start(
            responder: ClosureResponder { request in
                // The first request takes longest, so answering out of order would show.
                for _ in 0..<(request.path == "/1" ? 50 : 0) { await Task.yield() }
                return .text(request.path)
            }
        )
        let paths = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                "GET /1 HTTP/1.1\r\nHost: localhost\r\n\r\nPOST /2 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc"
                    + "GET /3 HTTP/1.1\r\nHost: localhost\r\n\r\n"
            )
            return try (0..<3).map { _ in try connection.readResponse().bodyText }
        }
        #expect(paths == ["/1", "/2", "/3"])
        try await server.stop()
    }

    @Test func connectionCloseIsHonoured() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                "GET /a HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\nHost: localhost\r\n\r\n"
            )
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.bodyText == "GET /a|0|")
        #expect(response.header("connection") == "close")
        #expect(rest.isEmpty)  // the pipelined request after `close` is not answered
        try await server.stop()
    }

    /// An `Upgrade` request is answered and the connection closed (Hearth never switches
    /// protocols), even with another request pipelined behind it, which is not answered; the
    /// connection used to stay open until the client closed it (found by fuzzing).
    @Test func anUpgradeRequestClosesTheConnectionEvenWithMorePipelined() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let (response, rest) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /a HTTP/1.1\r\nHost: localhost\r\nUpgrade: webd\r\n\r\nGET /never HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return (try connection.readResponse(), try connection.readUntilClose())
        }
        #expect(response.bodyText == "GET /a|0|")
        #expect(response.header("connection") == "close")
        #expect(rest.isEmpty)
        try await server.stop()
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let (plain, plainRest, kept, second) = try await onThread {
            let first = try RawHTTPConnection(port: server.port)
            try first.send("GET /old HTTP/1.0\r\n\r\n")
            let plain = try first.readResponse()
            let plainRest = try first.readUntilClose()

            let other = try RawHTTPConnection(port: server.port)
            try other.send("GET /k1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let kept = try other.readResponse()
            try other.send("GET /k2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            return (plain, plainRest, kept, try other.readResponse())
        }
        #expect(plain.version == "HTTP/1.0")
        #expect(plain.bodyText == "GET /old|0|")
        #expect(plain.header("connection") == "close")
        #expect(plainRest.isEmpty)
        #expect(kept.header("connection") == "keep-alive")
        #expect(second.bodyText == "GET /k2|0|")
        try await server.stop()
    }

    @Test(arguments: [
        ("Content-Length: 11\r\n\r\nhello world", "hello world"),
        ("Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "hello world"),
        ("Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", ""),
        ("Content-Length: 0\r\n\r\n", ""),
    ])
    func requestBodiesAreCollected(framing: String, expected: String) async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("POST /echo HTTP/1.1\r\nHost: localhost\r\n" + framing)
            return try connection.readResponse()
        }
        #expect(response.bodyText == "POST /echo|0|" + expected)
        try await server.stop()
    }

    @Test func expectContinueGetsAnInterimResponse() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let (interim, response) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("PUT /u HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
            let interim = try connection.read(atLeast: 12)
            try connection.send("ok")
            return (String(decoding: interim, as: UTF8.self), try connection.readResponse())
        }
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"))
        #expect(response.bodyText == "PUT /u|0|ok")
        try await server.stop()
    }

    @Test func headSendsGetHeadersWithoutBody() async throws {
        var router = Router()
        router.on(.get, "/doc", use: { _, _ in .json(Array(#"{"a":1}"#.utf8)) })
        let responder = router.responder(fallback: { _, _ in .text("none", status: .notFound) }, errorMapper: { _, _ in .text("e") })
        let server = try await TestServer.start(responder: responder)
        let (head, get) = try await onThread {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("HEAD /doc HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try connection.readResponse(forHead: true)
            // If HEAD had leaked body bytes, this response would be misparsed.
            try connection.send("GET /doc HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return (head, try connection.readResponse())
        }
        #expect(head.status == 200)
        #expect(head.header("content-length") == "7")
        #expect(head.header("content-type") == "application/json; charset=UTF-8")
        #expect(get.bodyText == #"{"a":1}"#)
        try await server.stop()
    }

    @Test func optionsPreflightIsAnsweredBeforeRouting() async throws {
        let server = try await TestServer.start(responder: ClosureResponder { _ in .text("routed", status: .notFound) })
        let (withOrigin, bare, normal) = try await onThread {
            let withOrigin = try HTTPTestClient.request(
                "OPTIONS",
                "/v1/anything",
                port: server.port,
                headers: [
                    ("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "authorization,content-type"),
                ]
            )
            let bare = try HTTPTestClient.request("OPTIONS", "/x", port: server.port)
            let normal = try HTTPTestClient.request(
                "GET",
                "/x",
                port: server.port,
                headers: [("Origin", "http://localhost:3000")]
            )
            return (withOrigin, bare, normal)
        }
        #expect(withOrigin.status == 204)
        #expect(withOrigin.header("access-control-allow-origin") == "http://localhost:3000")
        #expect(withOrigin.header("access-control-allow-methods") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(withOrigin.header("access-control-allow-headers") == "authorization,content-type")
        #expect(withOrigin.header("access-control-allow-private-network") == "true")
        #expect(withOrigin.header("access-control-max-age") == "86400")
        #expect(withOrigin.header("vary") == "Origin")
        #expect(bare.status == 204)
        #expect(bare.header("access-control-allow-origin") == "*")
        #expect(bare.header("access-control-allow-headers")?.contains("X-Goog-Api-Client") == true)
        #expect(normal.status == 404)
        #expect(normal.bodyText == "routed")
        #expect(normal.header("access-control-allow-origin") == "http://localhost:3000")
        #expect(normal.header("access-control-expose-headers")?.hasPrefix("*") == true)
        try await server.stop()
    }

    @Test func handlerErrorsGoThroughTheErrorMapper() async throws {
        struct Boom: Error {}
        var router = Router()
        router.on(.get, "/fail", use: { _, _ in throw Boom() })
        let responder = router.responder(
            fallback: { _, _ in .text("none", status: .notFound) },
            errorMapper: { error, request in .text("mapped \(error) at \(request.path)", status: .internalServerError) }
        )
        let server = try await TestServer.start(responder: responder)
        let response = try await onThread { try HTTPTestClient.request("GET", "/fail", port: server.port) }
        #expect(response.status == 500)
        #expect(response.bodyText == "mapped Boom() at /fail")
        try await server.stop()
    }

    @Test func headerValuesCannotInjectHeaders() async throws {
        let server = try await TestServer.start(
            responder: ClosureResponder { _ in
                Response(status: .ok, headers: ["X-Bad": "a\r\nInjected: 1", "X-Good": "b"], body: .bytes(Array("ok".utf8)))
            }
        )
        let response = try await onThread { try HTTPTestClient.request("GET", "/", port: server.port) }
        #expect(response.header("x-bad") == nil)
        #expect(response.header("injected") == nil)
        #expect(response.header("x-good") == "b")
        #expect(response.bodyText == "ok")
        try await server.stop()
    }

    @Test func remoteAddressIsLoopback() async throws {
        let server = try await TestServer.start(responder: echoResponder)
        let response = try await HTTPTestClient.fetch("GET", "/", port: server.port)
        #expect(response.header("x-remote-loopback") == "true")
        try await server.stop()
    }

    @Test func bindFailureNamesTheAddress() async throws {
        let first = try await TestServer.start(responder: echoResponder)
        var configuration = HTTPServerConfiguration()
        configuration.port = first.port
        configuration.eventLoopThreads = 1
        let second = HTTPServer(
            configuration: configuration,
            responder: echoResponder,
            errorRenderer: TestServer.errorRenderer,
            logger: .init(label: "test")
        )
        do {
            _ = try await second.start()
            Issue.record("binding a used port should fail")
        } catch let error as HTTPServerError {
            #expect(error.isAddressInUse)
            #expect(error.description.contains("127.0.0.1:\(first.port)"))
            #expect(error.description.contains("choose a different port"))
        }
        try await first.stop()
    }
}
