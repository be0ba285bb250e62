/// One HTTP/2 stream's request: the pseudo-headers, the regular headers, and a body that is
/// read as it arrives (see ``HTTP2RequestBody``).
///
/// Not `Sendable`: the body reads the stream's frames on the task that serves the stream.
public struct HTTP2Request {
    /// `:method`.
    public let method: HTTPMethod
    /// `:path`, the raw request target (`/google.firestore.v1.Firestore/Listen`).
    public let path: String
    /// `:authority`, when sent.
    public let authority: String?
    /// The regular (non-pseudo) header fields, names in lower case as HTTP/2 requires.
    public let headers: HTTPHeaders
    /// The client's address; nil when unknown.
    public let remoteAddress: RemoteAddress?
    /// The body, read piece by piece or collected.
    public let body: HTTP2RequestBody
    /// Cancels the task serving this stream, as the client's RST_STREAM does.
    public let cancellation: HTTP2StreamCancellation

    /// Whether the client speaks gRPC (`content-type: application/grpc`, `+proto`, `+json`).
    public var isGRPC: Bool {
        self.headers["content-type"].map(Self.isGRPC(contentType:)) ?? false
    }

    /// Whether `type` is gRPC's, in any letter case: compared byte by byte rather than through a
    /// lower-cased copy (asked on every call).
    static func isGRPC(contentType type: String) -> Bool {
        type.utf8.starts(with: "application/grpc".utf8) { byte, lower in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == lower : byte == lower
        }
    }
}
