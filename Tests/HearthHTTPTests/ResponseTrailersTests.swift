import HearthHTTP
import HearthTesting
import Testing

/// Trailers on HTTP/1.1: sent in the last chunk of a streamed response when the client said it
/// takes them (`TE: trailers`), dropped otherwise, as HTTP allows.
struct ResponseTrailersTests {
    static let responder = ClosureResponder { _ in
        Response(
            headers: ["Content-Type": "application/grpc-web"],
            body: .stream { writer in
                try await writer.write(Array("abc".utf8))
                writer.setTrailers(["grpc-status": "0", "grpc-message": "done"])
            })
    }

    /// The client reads until the server closes the connection (`Connection: close`), each read
    /// with a generous deadline: the answer needs the connection's task and the producer's task
    /// on Swift's shared pool, which other tests of the process can keep busy for many seconds
    /// on a loaded machine (the default, 10 s per read, is the one wait here such a machine can
    /// outlast).
    @Test(arguments: [true, false])
    func trailersGoInTheLastChunkWhenTheClientTakesThem(takesTrailers: Bool) async throws {
        let server = try await TestServer.start(responder: Self.responder)
        let raw = try await onThread {
            let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(60))
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\(takesTrailers ? "TE: trailers\r\n" : "")Connection: close\r\n\r\n")
            return String(decoding: try connection.readUntilClose(), as: UTF8.self)
        }
        #expect(raw.contains("transfer-encoding: chunked"))
        #expect(raw.contains("3\r\nabc\r\n"))
        if takesTrailers {
            #expect(raw.hasSuffix("\r\n0\r\ngrpc-status: 0\r\ngrpc-message: done\r\n\r\n"))
        } else {
            #expect(raw.hasSuffix("\r\n0\r\n\r\n"))
            #expect(!raw.contains("grpc-status"))
        }
        try await server.stop()
    }
}
