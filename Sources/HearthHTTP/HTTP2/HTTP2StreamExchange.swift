import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves one HTTP/2 stream: hands the request made of its HEADERS to the configured
/// ``HTTP2StreamResponder``, finishes what it left open, and answers body errors it let
/// through. One per stream, on a task of its own (``HTTP2ConnectionStreams``), so streams of
/// one connection never wait on each other.
///
/// A class made on the event loop: the task serving the stream holds it for as long as the
/// stream is open (an idle Listen stream, for hours), so that task keeps one reference in its
/// closure and its frame, not the server's whole configuration twice (408 bytes as a struct);
/// the request is made from the HEADERS before the task starts and handed to it, so the
/// HEADERS' header list (672 bytes) is not kept either.
final class HTTP2StreamExchange: Sendable {
    let outbound: HTTP2StreamOutbound
    let stream: HTTP2ServerStream
    let responder: any HTTP2StreamResponder
    let budget: RequestBodyBudget
    let flusher: StreamFlusher
    let logger: Logger
    /// Cancels the task serving the stream (a reset, a responder's deadline).
    let cancellation = HTTP2StreamCancellation()

    init(
        outbound: HTTP2StreamOutbound, stream: HTTP2ServerStream, configuration: HTTPServerConfiguration, flusher: StreamFlusher,
        logger: Logger
    ) {
        self.outbound = outbound
        self.stream = stream
        self.responder = configuration.http2Responder
        self.budget = configuration.requestBodyBudget
        self.flusher = flusher
        self.logger = logger
    }

    /// Serves `request`, or answers why it is malformed (``refuse(_:)``).
    ///
    /// Lean on purpose: this frame lives as long as the stream (an idle Listen call's, for
    /// hours) and Swift's task allocator keeps the slabs a task's deepest await needed until
    /// it ends, so the error paths are out of line (``answer(_:writer:)``, ``reject(_:grpc:writer:)``).
    func serve(_ parsed: Result<HTTP2Request, HTTP2MalformedRequest>) async {
        switch parsed {
        case .success(let request): await self.serve(request)
        case .failure(let malformed): await self.refuse(malformed)
        }
    }

    private func serve(_ request: HTTP2Request) async {
        let writer = HTTP2ResponseWriter(outbound: self.outbound, stream: self.stream, flusher: self.flusher)
        do {
            defer { self.budget.release(request.body.reserved) }
            do {
                try await self.responder.respond(to: request, writer: writer)
            } catch let error as HTTP2RequestBodyError where !writer.hasSentHead {
                try await Self.reject(error, grpc: request.isGRPC, writer: writer)
            }
            if writer.hasSentHead, !writer.isFinished { try await writer.finish() }
            if !writer.hasSentHead { try await Self.answer(.internalServerError, writer: writer) }
            // A response complete before the request (a gRPC stream ended with an error while
            // its client still sends): RST_STREAM NO_ERROR, as RFC 9113 §8.1 says, so the stream
            // is not reset with CANCEL, which a gRPC client may take for the call's status
            // instead of the trailers it was just sent.
            if !request.body.hasEnded { try await self.outbound.write([.rstStream(.noError)]) }
            // Both sides ended: the stream closes once its frames are out (closing it now could
            // cut frames still waiting for the client's flow-control window).
        } catch {
            self.failed(error)
        }
    }

    /// A bare `status` with no body, ending the stream.
    @inline(never)
    private static func answer(_ status: HTTPStatus, writer: HTTP2ResponseWriter) async throws {
        try await writer.writeHead(status: status, headers: [:], endStream: true)
    }

    /// A malformed request (RFC 9113 §8.1.1): `400` saying what is wrong (for a gRPC call a
    /// trailers-only INTERNAL, as gRPC maps a 400, with the reason as its message), then RST_STREAM
    /// PROTOCOL_ERROR if the client's side is still open (the stream error the RFC asks for, after
    /// the response it allows a server to send first).
    @inline(never)
    private func refuse(_ malformed: HTTP2MalformedRequest) async {
        self.logger.debug("Refused a malformed HTTP/2 request: \(malformed)")
        let writer = HTTP2ResponseWriter(outbound: self.outbound, stream: self.stream, flusher: self.flusher)
        let message = "Malformed HTTP/2 request: \(malformed)"
        do {
            // RFC 9113 §8.1.1: a malformed request is a stream error PROTOCOL_ERROR, which a
            // response may precede: the 400 is left without END_STREAM and the reset ends it,
            // whether or not the client is still sending. A gRPC call gets a trailers-only
            // answer instead (gRPC clients show the trailers' message, not a reset's code),
            // reset only if the client is still sending.
            if malformed.isGRPC {
                try await writer.writeGRPCStatus(13, message: message)
            } else {
                try await writer.writeHead(status: .badRequest, headers: ["content-type": "text/plain; charset=utf-8"])
                try await writer.write(Array((message + "\n").utf8))
                try await self.outbound.write([.rstStream(.protocolError)])
            }
            if malformed.isGRPC, !malformed.streamEnded { try await self.outbound.write([.rstStream(.protocolError)]) }
        } catch {
            self.failed(error)
        }
    }

    /// The stream is reset; the connection and its other streams go on.
    @inline(never)
    private func failed(_ error: any Error) {
        self.logger.debug("HTTP/2 stream ended with an error: \(error)")
        self.stream.reset()
    }

    /// The request of a stream's first HEADERS frame, or why HTTP/2 calls it malformed (RFC
    /// 9113 §8.1.1; ``HTTP2RequestFieldCheck``).
    static func request(
        _ head: HTTP2Frame.FramePayload.Headers,
        inbox: HTTP2StreamInbox,
        configuration: HTTPServerConfiguration,
        remote: RemoteAddress?,
        cancellation: HTTP2StreamCancellation
    ) -> Result<HTTP2Request, HTTP2MalformedRequest> {
        var method: String?
        var path: String?
        var authority: String?
        let complete: (method: String, path: String)
        var headers = HTTPHeaders()
        headers.reserveCapacity(head.headers.count)
        var check = HTTP2RequestFieldCheck()
        do {
            for (name, value, _) in head.headers {
                try check.check(name, value)
                switch name {
                case ":method": method = value
                case ":path": path = value
                case ":authority": authority = value
                case ":scheme": continue
                default: headers.add(name: name, value: value)
                }
            }
            complete = try check.complete(method: method, path: path)
        } catch {
            var malformed = error
            malformed.streamEnded = head.endStream
            malformed.isGRPC = head.headers.first(name: "content-type").map(HTTP2Request.isGRPC(contentType:)) ?? false
            return .failure(malformed)
        }
        let body = HTTP2RequestBody(
            frames: inbox, ended: head.endStream, limit: configuration.maxRequestBodySize,
            budget: configuration.requestBodyBudget)
        return .success(
            HTTP2Request(
                method: HTTPMethod(rawValue: complete.method), path: complete.path, authority: authority, headers: headers, remoteAddress: remote,
                body: body, cancellation: cancellation))
    }

    /// Answers a body the server would not take: `413`/`503`, or for gRPC a trailers-only
    /// `RESOURCE_EXHAUSTED` (8) / `UNAVAILABLE` (14).
    @inline(never)
    static func reject(_ error: HTTP2RequestBodyError, grpc: Bool, writer: HTTP2ResponseWriter) async throws {
        if grpc {
            try await writer.writeGRPCStatus(error.isRetryable ? 14 : 8, message: error.description)
            return
        }
        var headers: HTTPHeaders = ["content-type": "text/plain; charset=utf-8"]
        if error.isRetryable { headers.add(name: "retry-after", value: "1") }
        try await writer.writeHead(status: error.isRetryable ? .serviceUnavailable : .payloadTooLarge, headers: headers)
        try await writer.write(Array(error.description.utf8))
        try await writer.finish()
    }
}
