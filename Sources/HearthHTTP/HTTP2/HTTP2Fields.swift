import NIOHPACK

/// The fields of one HTTP/2 header block, made ready to send: names in lower case (HTTP/2
/// refuses upper case), fields with CR, LF or NUL dropped (as on HTTP/1.1), connection-specific
/// fields left out (RFC 9113 §8.2.2), and `:status` first for a response head.
///
/// Why a type: a responder that sends the same head or trailers on every call (a unary gRPC
/// response's `content-type` head and its OK status) makes them once and hands them to
/// ``HTTP2ResponseWriter/writeResponse(head:body:trailers:)``, instead of lower-casing, checking
/// and copying every field into a new list on every call.
public struct HTTP2Fields: Sendable {
    let fields: HPACKHeaders

    /// A response head: `:status`, then `headers`.
    public init(status: HTTPStatus, _ headers: HTTPHeaders) {
        var fields = HPACKHeaders()
        fields.add(name: ":status", value: String(status.code))
        Self.add(headers, to: &fields)
        self.fields = fields
    }

    /// Trailers (or any block without pseudo-headers).
    public init(_ headers: HTTPHeaders) {
        var fields = HPACKHeaders()
        Self.add(headers, to: &fields)
        self.fields = fields
    }

    var isEmpty: Bool { self.fields.isEmpty }

    private static func add(_ headers: HTTPHeaders, to fields: inout HPACKHeaders) {
        for (name, value) in headers where HTTPConnection.isSafeHeaderField(name, value) {
            let lower = name.lowercased()
            guard lower != "connection", lower != "transfer-encoding", lower != "keep-alive" else { continue }
            fields.add(name: lower, value: value)
        }
    }
}
