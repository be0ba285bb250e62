/// Which protocol a connection speaks, told from its first bytes: the pure part of
/// ``ProtocolDetector``, tested without a channel.
///
/// HTTP/2 with prior knowledge (h2c, what gRPC clients send to an emulator host, and what
/// HTTP/2 clients send after TLS) starts with the 24-byte preface `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`
/// (RFC 9113 §3.4); anything else is HTTP/1.1, whose request line can never start that way.
/// The decision takes as few bytes as tell them apart: one for every HTTP/1.1 method but
/// `PATCH`/`PUT`/`POST`/`PRI…`, two or three for those, 24 for HTTP/2.
enum ProtocolDetection: Equatable {
    case http1
    case http2

    /// The HTTP/2 connection preface.
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// The protocol of a connection whose first bytes are `bytes`, or nil when they are a
    /// proper prefix of the preface (more are needed to tell).
    static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ProtocolDetection? {
        var matched = 0
        for (byte, expected) in zip(bytes, Self.preface) {
            guard byte == expected else { return .http1 }
            matched += 1
        }
        return matched == Self.preface.count ? .http2 : nil
    }
}
