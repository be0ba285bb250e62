import NIOCore
import NIOHTTP1

/// A request the HTTP/1.1 parser rejected, with the framing rule it broke in words a client's
/// author can act on (the connection then answers `400`, or `431` for an oversized head).
///
/// Why not NIO's text: its parser errors name a category, sometimes a misleading one (a
/// request with both `Transfer-Encoding` and `Content-Length` was reported as "invalid
/// character in content-length header", a broken HTTP/2 preface as "paused (swift-http-parser
/// error)"). The category is refined by looking at the bytes being decoded when the error
/// happened (`RequestBytesWitness`): which framing headers they carry, and how they begin.
struct HTTPFramingError: Error, Equatable {
    /// The rule the request broke, as a clause: "it has both Transfer-Encoding and Content-Length".
    let rule: String
    /// Whether the head was too large (`431`) rather than malformed (`400`).
    let isOversizedHead: Bool

    /// Describes `error` for a request whose bytes (all or the last part read) are `bytes`.
    init(_ error: HTTPParserError, bytes: ByteBuffer?) {
        let text = bytes.map { String(decoding: $0.readableBytesView.prefix(64 * 1024), as: UTF8.self).lowercased() } ?? ""
        // Substrings, not lines: in a Swift string "\r\n" is one character, which "\n" does not match.
        let hasTransferEncoding = text.contains("transfer-encoding:")
        let hasContentLength = text.contains("content-length:")
        let both = "it has both Transfer-Encoding and Content-Length: a request is framed by one or the other, never both"
        self.isOversizedHead = error == .headerOverflow
        switch error {
        case .headerOverflow:
            self.rule = "its request line and headers are too large"
        case .invalidContentLength:
            if hasTransferEncoding {
                self.rule = both
            } else {
                self.rule = "its Content-Length is not a decimal number of bytes (or is empty, or too large)"
            }
        case .unexpectedContentLength:
            self.rule = hasTransferEncoding ? both : "it has more than one Content-Length header"
        case .unknown where hasTransferEncoding && hasContentLength:
            self.rule = both
        case .unknown where hasTransferEncoding:
            self.rule =
                "its Transfer-Encoding does not end in chunked (request bodies are framed by Content-Length or chunked encoding only)"
        case .unknown:
            self.rule = "a line does not end in CRLF"
        case .invalidChunkSize:
            self.rule = "a chunk size in its chunked body is not a hexadecimal number (or is too large)"
        case .paused where text.hasPrefix("pri * http/2"), .invalidVersion where text.hasPrefix("pri * http/2"):
            // A whole preface is served as HTTP/2 (ProtocolDetection); this one broke off or differs.
            self.rule =
                "it starts like an HTTP/2 connection preface but is not one (HTTP/2 with prior knowledge starts with the whole 24-byte preface)"
        case .paused:
            self.rule = "it asks for a protocol upgrade (CONNECT or Upgrade) that this server does not perform"
        case .invalidMethod:
            self.rule = "its method is not an HTTP method"
        case .invalidURL:
            self.rule = "its request target has a character a URL may not contain (spaces and control characters must be percent-encoded)"
        case .invalidVersion:
            self.rule = "its HTTP version is not HTTP/1.0 or HTTP/1.1"
        case .invalidHeaderToken:
            self.rule =
                "a header line is not `Name: value` (a name with a character names may not have, a missing colon, a control character in a value, or a continuation line)"
        case .lfExpected:
            self.rule = "a line ends in CR without LF"
        case .invalidConstant:
            self.rule = "its request line is not `METHOD target HTTP/1.1`"
        case .invalidEOFState:
            self.rule = "the connection ended in the middle of it"
        case .closedConnection:
            self.rule = "it follows a request that said `Connection: close`"
        case .invalidCharactersUsed:
            self.rule = "its request line or headers contain characters HTTP does not allow there"
        case .trailingGarbage:
            self.rule = "bytes follow the end of a request that cannot start another"
        default:
            self.rule = "its framing could not be read as HTTP/1.1 (\(error))"
        }
    }
}
