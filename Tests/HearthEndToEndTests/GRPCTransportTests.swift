import CompressNIO
import Foundation
import HearthFirestoreProto
import HearthTesting
import NIOCore
import SwiftProtobuf
import Testing

/// The gRPC transport of the real binary on the Firestore port, driven with raw HTTP/2 frames
/// (prior knowledge, as gRPC clients speak to an emulator host): what a client that sends
/// something wrong gets back, as a gRPC status, while the server keeps serving; a gzip request;
/// a deadline. The SDKs' own behaviour is tested in Tests/Python (test_grpc_*.py).
@Suite(.timeLimit(.minutes(2)))
struct GRPCTransportTests {
    static let service = "/google.firestore.v1.Firestore/"
    static let database = "projects/grpc/databases/(default)"

    /// One call on stream 1: the request head, then `body` as DATA frames.
    static func call(
        _ server: HearthProcess, _ method: String, _ body: [[UInt8]], fields: [(String, String)] = [], endStream: Bool = true,
        authorization: String = "Bearer owner"
    ) throws -> HTTP2Exchange {
        var frames = [
            HTTP2Exchange.request(
                "POST", Self.service + method,
                [("content-type", "application/grpc"), ("te", "trailers"), ("authorization", authorization)] + fields,
                endStream: body.isEmpty && endStream)
        ]
        for (index, piece) in body.enumerated() {
            frames.append(HTTP2Exchange.data(piece, endStream: endStream && index == body.count - 1))
        }
        return try HTTP2Exchange.run(port: server.port, frames)
    }

    /// A length-prefixed message (flag 0 or 1, big-endian length).
    static func framed(_ payload: [UInt8], compressed: Bool = false) -> [UInt8] {
        let length = UInt32(payload.count)
        var bytes: [UInt8] = [compressed ? 1 : 0]
        for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        return bytes + payload
    }

    static func getDocument(_ path: String) throws -> [UInt8] {
        var request = Google_Firestore_V1_GetDocumentRequest()
        request.name = "\(Self.database)/documents/\(path)"
        return try request.serializedBytes()
    }

    /// The response's one message, decoded.
    static func message<M: SwiftProtobuf.Message>(_ type: M.Type, _ exchange: HTTP2Exchange) throws -> M {
        let body = exchange.body
        try #require(body.count >= 5)
        let length = body[1...4].reduce(0) { (total: Int, byte: UInt8) in total << 8 | Int(byte) }
        try #require(body.count == 5 + length)
        return try M(serializedBytes: Array(body[5...]))
    }

    @Test func getDocumentAnswersTheDocumentAndOK() throws {
        let server = try HearthProcess()
        let written = try server.request("PATCH", documentsURL("grpc", "c/d"), body: #"{"fields":{"n":{"integerValue":"7"}}}"#)
        #expect(written.status == 200)
        let exchange = try Self.call(server, "GetDocument", [Self.framed(Self.getDocument("c/d"))])
        #expect(exchange.head(":status") == "200")
        #expect(exchange.head("content-type") == "application/grpc")
        #expect(exchange.trailer("grpc-status") == "0")
        let document = try Self.message(Google_Firestore_V1_Document.self, exchange)
        #expect(document.name == "\(Self.database)/documents/c/d")
        #expect(document.fields["n"]?.integerValue == 7)
    }

    @Test func aMissingDocumentIsNotFoundWithTheRESTMessage() throws {
        let server = try HearthProcess()
        let rest = try server.request("GET", documentsURL("grpc", "c/missing"))
        let exchange = try Self.call(server, "GetDocument", [Self.framed(Self.getDocument("c/missing"))])
        #expect(exchange.headerBlocks.count == 1)
        #expect(exchange.head("grpc-status") == "5")
        let message = try #require(exchange.head("grpc-message")?.removingPercentEncoding)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(rest.body)) as? [String: Any])["error"] as? [String: Any]
        #expect(error?["message"] as? String == message)
        #expect(exchange.head("grpc-status-details-bin") != nil)
    }

    @Test func aGzipRequestIsServed() throws {
        let server = try HearthProcess()
        #expect(try server.request("PATCH", documentsURL("grpc", "c/z"), body: #"{"fields":{}}"#).status == 200)
        var buffer = ByteBuffer(bytes: try Self.getDocument("c/z"))
        let compressed = Array(try buffer.compress(with: .gzip()).readableBytesView)
        let exchange = try Self.call(
            server, "GetDocument", [Self.framed(compressed, compressed: true)], fields: [("grpc-encoding", "gzip")])
        #expect(exchange.trailer("grpc-status") == "0")
        #expect(try Self.message(Google_Firestore_V1_Document.self, exchange).name.hasSuffix("/documents/c/z"))
    }

    @Test func anUnknownMethodIsUnimplemented() throws {
        let server = try HearthProcess()
        let exchange = try Self.call(server, "Teleport", [Self.framed([])])
        #expect(exchange.head("grpc-status") == "12")
        #expect(exchange.head("grpc-message") == "Method not found: /google.firestore.v1.Firestore/Teleport.")
    }

    /// Bad framing, an undecodable message, a message over 17 MiB (refused from its 5-byte
    /// prefix), a bad timeout: each a gRPC status, and the server keeps serving.
    @Test func badCallsGetAStatusAndTheServerGoesOn() throws {
        let server = try HearthProcess()
        let flag = try Self.call(server, "GetDocument", [[7, 0, 0, 0, 0]])
        #expect(flag.head("grpc-status") == "13")
        let garbage = try Self.call(server, "GetDocument", [Self.framed([0x0A, 0xFF, 0xFF])])
        #expect(garbage.head("grpc-status") == "13")
        let cut = try Self.call(server, "GetDocument", [[0, 0, 0, 0, 100, 1, 2, 3]])
        #expect(cut.head("grpc-status") == "13")
        let huge = try Self.call(server, "Commit", [[0, 0x01, 0x20, 0, 0, 1, 2, 3]], endStream: false)
        #expect(huge.head("grpc-status") == "8")
        #expect(huge.head("grpc-message")?.contains("larger than max") == true)
        let timeout = try Self.call(server, "GetDocument", [Self.framed(Self.getDocument("c/d"))], fields: [("grpc-timeout", "later")])
        #expect(timeout.head("grpc-status") == "3")
        let bad = try Self.call(server, "GetDocument", [Self.framed(Self.getDocument("c/d"))], authorization: "Bearer x")
        #expect(bad.head("grpc-status") == "16")
        let after = try Self.call(server, "GetDocument", [Self.framed(Self.getDocument("c/none"))])
        #expect(after.head("grpc-status") == "5")
    }

    /// A unary call whose request never arrives ends at its `grpc-timeout`.
    @Test func aDeadlineEndsACallThatWaits() throws {
        let server = try HearthProcess()
        let exchange = try Self.call(server, "GetDocument", [], fields: [("grpc-timeout", "300m")], endStream: false)
        #expect(exchange.head("grpc-status") == "4")
    }

    /// REST over HTTP/2 is not served: a plain HTTP/2 request still gets the 404 it got before.
    @Test func aNonGRPCStreamGetsTheTransportsAnswer() throws {
        let server = try HearthProcess()
        let exchange = try HTTP2Exchange.run(port: server.port, [HTTP2Exchange.request("GET", "/", endStream: true)])
        #expect(exchange.head(":status") == "404")
    }
}
