/// An ``HTTP2StreamResponder`` that serves only streams whose `:authority` (or `host`) the
/// ``HostAllowlist`` allows. A refused gRPC call gets a trailers-only PERMISSION_DENIED whose
/// `grpc-message` names the flag (gRPC clients show the message, and turn a bare HTTP status
/// into UNKNOWN); any other request gets `421 Misdirected Request` (RFC 9110 §15.5.20: this
/// server is not the one for that authority) with the renderer's body.
struct HostCheckedHTTP2Responder: HTTP2StreamResponder {
    let inner: any HTTP2StreamResponder
    let allowlist: HostAllowlist
    let errorRenderer: @Sendable (HTTPStatus, String) -> Response

    static let misdirected = HTTPStatus(code: 421, reasonPhrase: "Misdirected Request")

    func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        guard let host = request.authority ?? request.headers["host"], !self.allowlist.allows(host) else {
            return try await self.inner.respond(to: request, writer: writer)
        }
        let message = HostAllowlist.refusal(of: host)
        if request.isGRPC {
            try await writer.writeGRPCStatus(7, message: message)
            return
        }
        let response = self.errorRenderer(Self.misdirected, message)
        let body: [UInt8] = if case .bytes(let bytes) = response.body { bytes } else { Array(message.utf8) }
        try await writer.writeResponse(status: Self.misdirected, headers: response.headers, body: body, trailers: [:])
    }
}
