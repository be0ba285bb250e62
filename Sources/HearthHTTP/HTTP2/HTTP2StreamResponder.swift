/// Answers one HTTP/2 stream: the seam where a gRPC service plugs in.
///
/// ``HTTPServer`` detects HTTP/2 per connection (the prior-knowledge preface, as gRPC clients
/// send to an emulator host) and calls the configured responder
/// (``HTTPServerConfiguration/http2Responder``) once per stream, on a task of its own, with the
/// stream's request head and a body read as it arrives. The detector and the HTTP/2 pipeline
/// know nothing of what answers, so a gRPC service replaces ``UnimplementedHTTP2Responder``
/// without touching them.
///
/// The responder writes through ``HTTP2ResponseWriter``: a head, body pieces, and trailers (a
/// trailing HEADERS frame, which gRPC's status needs). Whatever it leaves unfinished the
/// transport finishes; if it throws after the head was sent, the stream is reset.
public protocol HTTP2StreamResponder: Sendable {
    /// Answers `request` through `writer`.
    /// - Throws: ``HTTP2RequestBodyError`` from reading the body is answered by the transport
    ///   (`413`/`503`, or gRPC `RESOURCE_EXHAUSTED`/`UNAVAILABLE`) when no head was sent yet;
    ///   any other error resets the stream.
    func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws
}
