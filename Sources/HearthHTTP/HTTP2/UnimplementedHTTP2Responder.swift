/// The HTTP/2 responder of a server that serves nothing over HTTP/2: every stream is told, in
/// its own protocol, that nothing here answers it.
///
/// A gRPC call (`content-type: application/grpc…`) gets a trailers-only response with
/// `grpc-status: 12` (UNIMPLEMENTED) and a `grpc-message` saying what to use instead, which is
/// what a gRPC client reports to its caller; any other request gets `404` with a text body.
/// The body of the request is not read (the stream is closed after the answer).
public struct UnimplementedHTTP2Responder: HTTP2StreamResponder {
    public init() {}

    public func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        if request.isGRPC {
            let message = "Method \(request.path) is not implemented: this server serves no gRPC. Use its REST API over HTTP/1.1 on the same port."
            try await writer.writeGRPCStatus(12, message: message)
            return
        }
        try await writer.writeHead(status: .notFound, headers: ["content-type": "text/plain; charset=utf-8"])
        try await writer.write(
            Array("Nothing is served over HTTP/2 at \(request.path); this port serves its REST API over HTTP/1.1.\n".utf8))
        try await writer.finish()
    }

    /// `grpc-message` is percent-encoded UTF-8 (gRPC's HTTP/2 protocol): every byte outside
    /// printable ASCII, and `%` itself.
    public static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if byte >= 0x20, byte <= 0x7E, byte != UInt8(ascii: "%") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return encoded
    }
}
