import HearthHTTP
import HearthTesting
import Testing

/// An HTTP/2 stream's body that never waits (`HTTP2ResponseWriter.streamBody(bound:)`): what
/// is sent through it leaves in order as DATA frames, before anything the writer writes next
/// and before the trailers, and it is bounded in bytes.
struct HTTP2StreamBodyTests {
    /// Many pieces sent at once (batched by the event loop within a window), a final word
    /// written, a piece written by the waiting writer, then the trailers: all in order.
    @Test func piecesLeaveInOrderBeforeTheTrailers() async throws {
        let server = try await TestServer.start({ $0.http2Responder = StreamBodyResponder() }, responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(port: server.port, [HTTP2Exchange.request("POST", "/stream", endStream: true)])
        }
        #expect(exchange.head(":status") == "200")
        let expected = (0..<200).map { "piece \($0);" }.joined() + "final;waited;"
        #expect(String(decoding: exchange.body, as: UTF8.self) == expected)
        #expect(exchange.headerBlocks.count == 2)
        #expect(exchange.trailer("grpc-status") == "0")
        #expect(exchange.trailer("x-refused") == "false")
        try await server.stop()
    }

    /// Forty streams of one connection open their bodies at once: each body's first drain may
    /// join a flusher task queued for another stream before this stream's head was written,
    /// which sent DATA before HEADERS (a reset) until the body waited for its head.
    @Test func concurrentBodiesNeverSendDataBeforeTheirHead() async throws {
        let server = try await TestServer.start({ $0.http2Responder = StreamBodyResponder() }, responder: echoResponder)
        let outcome = try await onThread { () -> (ended: Int, resets: Int, complete: Int) in
            let connection = try RawHTTPConnection(port: server.port)
            defer { connection.close() }
            let streams = (0..<40).map { UInt32(2 * $0 + 1) }
            // The bodies together exceed the connection's first 64 KiB window: grant more.
            let windowUpdate = RawHTTP2Frame(type: 0x8, payload: [0x40, 0, 0, 0])
            var bytes = RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes + windowUpdate.bytes
            for stream in streams {
                var frame = HTTP2Exchange.request("POST", "/stream", endStream: true)
                frame.stream = stream
                bytes += frame.bytes
            }
            try connection.send(bytes)
            var bodies: [UInt32: [UInt8]] = [:]
            var ended = 0
            var resets = 0
            while ended + resets < streams.count {
                let frame = try connection.readHTTP2Frame()
                if frame.type == RawHTTP2Frame.settings, frame.flags & RawHTTP2Frame.ack == 0 {
                    try connection.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
                }
                guard frame.stream != 0 else { continue }
                if frame.type == RawHTTP2Frame.rstStream { resets += 1 }
                if frame.type == RawHTTP2Frame.data { bodies[frame.stream, default: []] += frame.payload }
                if frame.type == RawHTTP2Frame.headers, frame.flags & RawHTTP2Frame.endStream != 0 { ended += 1 }
            }
            let expected = (0..<200).map { "piece \($0);" }.joined() + "final;waited;"
            let complete = bodies.values.filter { String(decoding: $0, as: UTF8.self) == expected }.count
            return (ended, resets, complete)
        }
        #expect(outcome.resets == 0)
        #expect(outcome.ended == 40)
        #expect(outcome.complete == 40)
        try await server.stop()
    }

    /// A piece that would bring what the stream holds over its bound is refused, and the
    /// stream is cut off (later sends are refused too); a final word still goes out.
    @Test func aSendOverTheBoundCutsTheStreamOff() async throws {
        let server = try await TestServer.start({ $0.http2Responder = BoundedBodyResponder() }, responder: echoResponder)
        let exchange = try await onThread {
            try HTTP2Exchange.run(port: server.port, [HTTP2Exchange.request("POST", "/bounded", endStream: true)])
        }
        #expect(exchange.trailer("x-cut-off") == "true")
        #expect(exchange.trailer("x-later-refused") == "true")
        #expect(String(decoding: exchange.body, as: UTF8.self).hasSuffix("final"))
        try await server.stop()
    }
}

/// Sends 200 small pieces through the stream body, a final word, one waiting write, trailers.
struct StreamBodyResponder: HTTP2StreamResponder {
    func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        try await writer.writeHead(status: .ok, headers: ["content-type": "application/grpc"])
        let body = try await writer.streamBody(bound: 1 << 20)
        var refused = false
        for index in 0..<200 where !body.send(SharedBytes(Array("piece \(index);".utf8)), backlog: .max) { refused = true }
        try await body.write(Array("final;".utf8))
        try await writer.write(Array("waited;".utf8))
        try await writer.finish(trailers: ["grpc-status": "0", "x-refused": "\(refused)"])
    }
}

/// Sends past a 100-byte bound in one burst (the event loop cannot drain within the window).
struct BoundedBodyResponder: HTTP2StreamResponder {
    func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        try await writer.writeHead(status: .ok, headers: ["content-type": "application/grpc"])
        let body = try await writer.streamBody(bound: 100)
        var refusedOnce = false
        for _ in 0..<1000 where !body.send(SharedBytes([UInt8](repeating: 0x61, count: 60)), backlog: .max) {
            refusedOnce = true
            break
        }
        let laterRefused = !body.send(SharedBytes([0x62]), backlog: .max)
        try await body.write(Array("final".utf8))
        try await writer.finish(trailers: ["x-cut-off": "\(refusedOnce && body.isCutOff)", "x-later-refused": "\(laterRefused)"])
    }
}
