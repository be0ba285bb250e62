/// A request HEADERS block that HTTP/2 calls malformed (RFC 9113 §8.1.1): a field name with
/// upper-case letters or bytes no token has, a value with NUL, CR or LF or with whitespace at
/// either end, a connection-specific field, an unknown, repeated, misplaced or missing
/// pseudo-header. The stream is answered `400` with ``description`` (a gRPC call: INTERNAL
/// with it as `grpc-message`, which gRPC clients show where they would hide a 400's body) and
/// then reset with PROTOCOL_ERROR if the client is still sending; the connection and its other
/// streams go on.
///
/// Why refuse rather than pass through: the router and the services take a request's names as
/// HTTP/2 defines them (lower case, one `:path`); a field HTTP/1.1 would have refused is not
/// let in through HTTP/2 either.
struct HTTP2MalformedRequest: Error, CustomStringConvertible {
    /// What is wrong with which field, and the rule it breaks.
    let description: String
    /// Whether the HEADERS frame ended the client's side of the stream (then the answer closes
    /// the stream and no RST_STREAM follows it).
    var streamEnded = false
    /// Whether the request said it is a gRPC call (`content-type: application/grpc…`).
    var isGRPC = false

    init(_ description: String) {
        self.description = description
    }

    /// A field name as the message shows it: escaped where not printable, and cut at 64
    /// characters (a name can be as long as the header list allows).
    static func quoted(_ name: String) -> String {
        let shown = name.unicodeScalars.count > 64 ? String(name.unicodeScalars.prefix(64)) + "…" : name
        return String(reflecting: shown)
    }
}
