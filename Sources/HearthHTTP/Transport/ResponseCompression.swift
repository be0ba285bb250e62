import CompressNIO
import NIOCore

/// gzip for buffered response bodies, when the client accepts it (`Accept-Encoding: gzip`).
///
/// Applied to a ``Response`` before it is framed, so it is the same for HTTP/1.1 and (later)
/// HTTP/2, and needs no state in the pipeline. Only textual bodies (`text/…`, JSON, XML,
/// JavaScript) of at least ``HTTPServerConfiguration/gzipMinimumSize`` bytes are compressed;
/// streamed bodies never are, so an event stream's events leave as soon as they are written.
/// Costs one compression on the connection's task (zlib's default level, about 10 ms per MiB of
/// JSON) and a copy of the body; saves most of it on the wire.
enum ResponseCompression {
    /// `response` with its body gzip-compressed and `Content-Encoding: gzip` / `Vary:
    /// Accept-Encoding` added, when `request` accepts gzip and the body is worth it; otherwise
    /// `response` unchanged.
    static func apply(to response: inout Response, for request: Request, minimumSize: Int?) {
        guard let minimumSize, case .bytes(let bytes) = response.body, bytes.count >= minimumSize,
            response.status.mayHaveBody, !response.headers.contains("content-encoding"),
            let accepted = request.headers["accept-encoding"], Self.acceptsGzip(accepted),
            Self.isTextual(response.headers["content-type"])
        else { return }
        var buffer = ByteBuffer(bytes: bytes)
        guard let compressed = try? buffer.compress(with: .gzip()) else { return }
        response.body = .bytes(Array(compressed.readableBytesView))
        response.headers.add(name: "Content-Encoding", value: "gzip")
        response.headers.add(name: "Vary", value: "Accept-Encoding")
    }

    /// Whether an `Accept-Encoding` value accepts gzip: `gzip`, `x-gzip` or `*` with a
    /// non-zero quality (`gzip;q=0` refuses it).
    static func acceptsGzip(_ header: String) -> Bool {
        var gzip: Bool?
        var any: Bool?
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces else { continue }
            var accepted = true
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingSpaces == "q", let quality = Double(pair[1].trimmingSpaces) {
                    accepted = quality > 0
                }
            }
            if coding == "gzip" || coding == "x-gzip" { gzip = accepted } else if coding == "*" { any = accepted }
        }
        return gzip ?? any ?? false
    }

    /// Whether a body of this content type is text that compresses well (not an image or an
    /// archive, which gzip would only grow).
    static func isTextual(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
