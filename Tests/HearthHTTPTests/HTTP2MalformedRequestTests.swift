import Foundation
import HearthHTTP
import HearthTesting
import NIOCore
import NIOHPACK
import Testing

/// Requests HTTP/2 calls malformed (RFC 9113 §8.1.1, §8.2, §8.3) are refused on the stream that
/// carried them: `400` saying which field breaks which rule, then RST_STREAM PROTOCOL_ERROR when
/// the client's side is still open; the connection serves its next stream as before. Requests
/// that only look unusual (digits and symbols in names, inner spaces, `te: trailers`) are
/// served.
@Suite struct HTTP2MalformedRequestTests {
    static let method = (":method", "POST")
    static let scheme = (":scheme", "http")
    static let path = (":path", "/echo")

    /// A request's whole field list, and a part of the message that must name its fault.
    static let malformed: [([(String, String)], String)] = [
        ([method, scheme, path, ("X-Upper", "1")], #"the header field name "X-Upper" is not valid in HTTP/2"#),
        ([method, scheme, path, ("x-ü", "1")], #"the header field name "x-ü" is not valid"#),
        ([method, scheme, path, ("x y", "1")], #"the header field name "x y" is not valid"#),
        ([method, scheme, path, ("", "1")], #"the header field name "" is not valid"#),
        ([method, scheme, path, ("x-nul", "a\u{0}b")], #"the value of header field "x-nul" has a NUL, CR or LF"#),
        ([method, scheme, path, ("x-lf", "a\nb")], #"the value of header field "x-lf""#),
        ([method, scheme, path, ("x-lead", " v")], #"the value of header field "x-lead" has a NUL, CR or LF byte, or a space or tab at either end"#),
        ([method, scheme, path, ("x-trail", "v\t")], #"the value of header field "x-trail""#),
        ([method, scheme, path, ("connection", "keep-alive")], "the header field connection is specific to an HTTP/1.1 connection"),
        ([method, scheme, path, ("transfer-encoding", "chunked")], "the header field transfer-encoding is specific"),
        ([method, scheme, path, ("upgrade", "h2c")], "the header field upgrade is specific"),
        ([method, scheme, path, ("te", "gzip")], #"te: "gzip": in HTTP/2, te may only be "trailers""#),
        ([method, scheme, path, (":protocol", "websocket")], #"the pseudo-header field ":protocol" is not one an HTTP/2 request has"#),
        ([method, scheme, path, (":status", "200")], #"the pseudo-header field ":status" is not one"#),
        ([method, scheme, ("x-a", "1"), path], "the pseudo-header field :path comes after a regular field"),
        ([method, scheme, path, (":path", "/other")], "the pseudo-header field :path appears twice"),
        ([method, path], "the request has no :scheme pseudo-header field"),
        ([scheme], "the request has no :method, :path pseudo-header field"),
        ([method, scheme, (":path", "")], "the request's :path is empty"),
    ]

    @Test(arguments: Self.malformed)
    func isRefusedAndTheConnectionGoesOn(_ fields: [(String, String)], _ message: String) async throws {
        let server = try await TestServer.start({ $0.http2Responder = EchoHTTP2Responder() }, responder: echoResponder)
        // The client still sending: 400, then RST_STREAM PROTOCOL_ERROR; then stream 3 is served.
        let open = try await onThread { try Self.exchange(port: server.port, fields, endStream: false) }
        #expect(open.first?.status == "400")
        #expect(open.first?.body.contains("Malformed HTTP/2 request: " + message) == true, "\(open.first?.body ?? "-")")
        #expect(open.first?.reset == 0x1)  // PROTOCOL_ERROR
        #expect(open.last?.status == "200")
        #expect(open.last?.body == "GET /after: ")
        // The HEADERS ended the client's side: still a stream error (RFC 9113 §8.1.1), the 400
        // ended by RST_STREAM PROTOCOL_ERROR.
        let ended = try await onThread { try Self.exchange(port: server.port, fields, endStream: true) }
        #expect(ended.first?.status == "400")
        #expect(ended.first?.body.contains("Malformed HTTP/2 request: " + message) == true)
        #expect(ended.first?.reset == 0x1)
        #expect(ended.last?.status == "200")
        try await server.stop()
    }

    /// Fields that are unusual but valid reach the responder unchanged.
    @Test func validFieldsAreServed() async throws {
        let server = try await TestServer.start({ $0.http2Responder = EchoHTTP2Responder() }, responder: echoResponder)
        let fields = [
            Self.method, Self.scheme, Self.path, (":authority", "127.0.0.1"), ("te", "trailers"),
            ("x-9!#$%&'*+.^_`|~", "inner  spaces\tand tabs"), ("x-empty", ""), ("x-utf8", "héllo"),
        ]
        let answers = try await onThread { try Self.exchange(port: server.port, fields, endStream: true) }
        #expect(answers.first?.status == "200")
        #expect(answers.first?.body == "POST /echo: ")
        try await server.stop()
    }

    /// A gRPC call is told in gRPC's terms: a trailers-only INTERNAL (what gRPC makes of a 400)
    /// whose message names the fault, since gRPC clients show the message, not a 400's body.
    @Test func aGRPCCallIsToldInGRPCTerms() async throws {
        let server = try await TestServer.start({ $0.http2Responder = EchoHTTP2Responder() }, responder: echoResponder)
        let fields = [Self.method, Self.scheme, Self.path, ("content-type", "application/grpc"), ("X-Api-Key", "k")]
        let answers = try await onThread { try Self.exchange(port: server.port, fields, endStream: false) }
        #expect(answers.first?.status == "200")
        #expect(answers.first?.grpcStatus == "13")
        #expect(
            answers.first?.grpcMessage?.removingPercentEncoding?.contains(#"the header field name "X-Api-Key" is not valid in HTTP/2"#) == true,
            "\(answers.first?.grpcMessage ?? "-")")
        #expect(answers.first?.reset == 0x1)
        #expect(answers.last?.status == "200")
        try await server.stop()
    }

    /// What the server answered on one stream.
    struct Answer {
        var status: String?
        var grpcStatus: String?
        var grpcMessage: String?
        var body = ""
        /// RST_STREAM's error code, if the stream was reset.
        var reset: UInt32?
    }

    /// Sends `fields` as stream 1's HEADERS (raw literals, so any byte goes out as written) and
    /// reads until stream 1 is done: closed by the server's END_STREAM when `endStream`, reset
    /// otherwise. Then a plain `GET /after` on stream 3, read until it ends. Returns both answers.
    static func exchange(port: Int, _ fields: [(String, String)], endStream: Bool) throws -> [Answer] {
        let connection = try RawHTTPConnection(port: port)
        defer { connection.close() }
        try connection.send(
            RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
                + RawHTTP2Frame(
                    type: RawHTTP2Frame.headers, flags: RawHTTP2Frame.endHeaders | (endStream ? RawHTTP2Frame.endStream : 0), stream: 1,
                    payload: RawHTTP2Frame.headersBlock(fields)
                ).bytes)
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        var answers: [UInt32: Answer] = [:]
        var sentSecond = false
        while true {
            let frame = try connection.readHTTP2Frame()
            switch frame.type {
            case RawHTTP2Frame.headers:
                var block = ByteBuffer(bytes: frame.payload)
                let decoded = try decoder.decodeHeaders(from: &block)
                // The head has :status; trailers (the echo responder sends some) have none.
                if let status = decoded.first(name: ":status") { answers[frame.stream, default: Answer()].status = status }
                if let status = decoded.first(name: "grpc-status") { answers[frame.stream, default: Answer()].grpcStatus = status }
                if let message = decoded.first(name: "grpc-message") { answers[frame.stream, default: Answer()].grpcMessage = message }
            case RawHTTP2Frame.data:
                answers[frame.stream, default: Answer()].body += String(decoding: frame.payload, as: UTF8.self)
            case RawHTTP2Frame.rstStream:
                answers[frame.stream, default: Answer()].reset = frame.payload.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            default:
                continue
            }
            let done = frame.type == RawHTTP2Frame.rstStream || frame.flags & RawHTTP2Frame.endStream != 0
            guard done else { continue }
            if frame.stream == 3 { break }
            // Stream 1 ends with the reset when the client left it open, else with END_STREAM.
            if frame.stream == 1, !sentSecond, endStream || frame.type == RawHTTP2Frame.rstStream {
                sentSecond = true
                var second = HTTP2Exchange.request("GET", "/after", endStream: true)
                second.stream = 3
                try connection.send(second.bytes)
            }
        }
        return [answers[1] ?? Answer(), answers[3] ?? Answer()]
    }
}
