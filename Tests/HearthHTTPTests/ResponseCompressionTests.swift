import CompressNIO
import HearthHTTP
import HearthTesting
import NIOCore
import Testing

@testable import HearthHTTP

/// gzip for clients that accept it: buffered textual bodies only, so event streams are never
/// held back by a compressor.
struct ResponseCompressionTests {
    static let document = "{\"fields\":{" + (0..<200).map { "\"f\($0)\":{\"stringValue\":\"value \($0)\"}" }.joined(separator: ",") + "}}"

    static let responder = ClosureResponder { request in
        switch request.path {
        case "/small": return .json(Array("{}".utf8))
        case "/events":
            return Response(
                headers: ["Content-Type": "text/event-stream"],
                body: .eventStream { writer in try await writer.write(Array("data: \(ResponseCompressionTests.document)\n\n".utf8)) })
        default: return .json(Array(ResponseCompressionTests.document.utf8))
        }
    }

    @Test func aClientAcceptingGzipGetsGzip() async throws {
        let server = try await TestServer.start(responder: Self.responder)
        let response = try await onThread {
            try HTTPTestClient.request("GET", "/doc", port: server.port, headers: [("Accept-Encoding", "gzip, deflate, br")])
        }
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.header("Vary") == "Accept-Encoding")
        #expect(response.body.count < Self.document.utf8.count / 2)
        #expect(Int(response.header("Content-Length") ?? "") == response.body.count)
        var compressed = ByteBuffer(bytes: response.body)
        let plain = try compressed.decompress(with: .gzip())
        #expect(String(buffer: plain) == Self.document)
        try await server.stop()
    }

    @Test(arguments: [
        ("/doc", [(String, String)]()),
        ("/doc", [("Accept-Encoding", "gzip;q=0, identity")]),
        ("/doc", [("Accept-Encoding", "br")]),
        ("/small", [("Accept-Encoding", "gzip")]),
        ("/events", [("Accept-Encoding", "gzip")]),
    ])
    func otherResponsesAreSentAsTheyAre(path: String, headers: [(String, String)]) async throws {
        let server = try await TestServer.start(responder: Self.responder)
        let response = try await onThread { try HTTPTestClient.request("GET", path, port: server.port, headers: headers) }
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.bodyText.contains(path == "/small" ? "{}" : Self.document))
        try await server.stop()
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=0.5", true), ("*", true),
        ("gzip;q=0", false), ("*;q=0", false), ("identity", false), ("", false), ("*, gzip;q=0", false),
    ])
    func acceptEncodingIsReadWithQualities(header: String, accepts: Bool) {
        #expect(ResponseCompression.acceptsGzip(header) == accepts)
    }
}
