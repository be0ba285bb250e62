/// The checks RFC 9113 makes of a request's header fields, one field at a time, in the order the
/// HEADERS block lists them (§8.2.1 field validity, §8.2.2 connection-specific fields, §8.3
/// pseudo-headers). A value type the request's parse carries through its one pass over the block.
///
/// Cost: one pass over each name's and value's bytes, no allocation unless a field is refused.
struct HTTP2RequestFieldCheck {
    /// The request pseudo-headers seen so far (a bit each), to refuse repeats.
    private var pseudoSeen: UInt8 = 0
    /// Whether a regular field came already: a pseudo-header after it is malformed.
    private var regularSeen = false

    /// The request pseudo-headers HTTP/2 defines (§8.3.1); `:protocol` belongs to extended
    /// CONNECT (RFC 8441), which this server does not offer.
    private static let pseudoHeaders = [":method", ":scheme", ":path", ":authority"]

    /// Checks the next field of the block.
    mutating func check(_ name: String, _ value: String) throws(HTTP2MalformedRequest) {
        if name.utf8.first == UInt8(ascii: ":") {
            guard let index = Self.pseudoHeaders.firstIndex(of: name) else {
                throw HTTP2MalformedRequest(
                    "the pseudo-header field \(HTTP2MalformedRequest.quoted(name)) is not one an HTTP/2 request has "
                        + "(only :method, :scheme, :path and :authority; RFC 9113 §8.3.1)")
            }
            guard !self.regularSeen else {
                throw HTTP2MalformedRequest(
                    "the pseudo-header field \(name) comes after a regular field; pseudo-header fields come first (RFC 9113 §8.3)")
            }
            let bit = UInt8(1) << index
            guard self.pseudoSeen & bit == 0 else {
                throw HTTP2MalformedRequest("the pseudo-header field \(name) appears twice (RFC 9113 §8.3.1)")
            }
            self.pseudoSeen |= bit
        } else {
            self.regularSeen = true
            guard Self.isValidName(name) else {
                throw HTTP2MalformedRequest(
                    "the header field name \(HTTP2MalformedRequest.quoted(name)) is not valid in HTTP/2: names are tokens "
                        + "in lower case, with no space, colon, control or non-ASCII byte (RFC 9113 §8.2.1)")
            }
            try Self.checkConnectionSpecific(name, value)
        }
        guard Self.isValidValue(value) else {
            throw HTTP2MalformedRequest(
                "the value of header field \(HTTP2MalformedRequest.quoted(name)) has a NUL, CR or LF byte, or a space or tab "
                    + "at either end (RFC 9113 §8.2.1)")
        }
    }

    /// Checks what the block as a whole must have had: `:method`, `:scheme` and a non-empty
    /// `:path` (§8.3.1; CONNECT, the one method without them, is not served here), and returns
    /// the method and path the block gave.
    func complete(method: String?, path: String?) throws(HTTP2MalformedRequest) -> (method: String, path: String) {
        // :method, :scheme and :path are the first three bits.
        guard self.pseudoSeen & 0b111 == 0b111 else {
            let missing = Self.pseudoHeaders.prefix(3).enumerated().filter { self.pseudoSeen & (1 << $0.offset) == 0 }
            throw HTTP2MalformedRequest(
                "the request has no \(missing.map(\.element).joined(separator: ", ")) pseudo-header field; an HTTP/2 request "
                    + "names its :method, :scheme and :path (RFC 9113 §8.3.1)")
        }
        guard let method, let path, !path.isEmpty else {
            throw HTTP2MalformedRequest("the request's :path is empty; send \"/\" at least (RFC 9113 §8.3.1)")
        }
        return (method, path)
    }

    /// §8.2.2: fields that describe an HTTP/1.1 connection have no place in HTTP/2; `te` may
    /// only say `trailers` (what gRPC clients send).
    private static func checkConnectionSpecific(_ name: String, _ value: String) throws(HTTP2MalformedRequest) {
        switch name {
        case "connection", "proxy-connection", "keep-alive", "transfer-encoding", "upgrade":
            throw HTTP2MalformedRequest(
                "the header field \(name) is specific to an HTTP/1.1 connection and not allowed in HTTP/2 (RFC 9113 §8.2.2)")
        case "te" where value != "trailers":
            throw HTTP2MalformedRequest(
                "te: \(HTTP2MalformedRequest.quoted(value)): in HTTP/2, te may only be \"trailers\" (RFC 9113 §8.2.2)")
        default:
            return
        }
    }

    /// A regular field's name: visible ASCII other than upper-case letters and the colon.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        return name.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) && byte != UInt8(ascii: ":")
        }
    }

    /// A value: no NUL, CR or LF (as any field this server writes), and no space or tab at
    /// either end.
    static func isValidValue(_ value: String) -> Bool {
        let bytes = value.utf8
        if let first = bytes.first, first == 0x20 || first == 0x09 { return false }
        if let last = bytes.last, last == 0x20 || last == 0x09 { return false }
        return HTTPConnection.isSafeHeaderValue(value)
    }
}
