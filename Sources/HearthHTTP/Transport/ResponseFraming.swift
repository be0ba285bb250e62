import Logging
import NIOHTTP1

/// How one response goes on the wire: its head, how its body is framed, and whether the
/// connection stays open after it.
///
/// Worked out by a synchronous initialiser so that none of the header work lives in the async
/// frames of the connection's task: those frames stay allocated for as long as the connection
/// lives (a listen stream's whole life), so every local they hold is paid for per open stream.
///
/// For `HEAD` the head is exactly what `GET` would send (`Content-Length` included) and no
/// body follows; a stream body is then never produced.
struct ResponseFraming {
    enum Body {
        /// Nothing after the head (a `HEAD` request, a status without a body, an empty body).
        case none
        case bytes([UInt8])
        /// Produced piece by piece (`inline`: on the connection's task, for `.eventStream`),
        /// with `Content-Length` when the handler declared one (`length`), else chunked when
        /// HTTP/1.1 allows it, else until the connection closes.
        case stream(@Sendable (any ResponseBodyWriter) async throws -> Void, inline: Bool, length: Int?, chunked: Bool)
    }

    var head: HTTPResponseHead
    var body: Body
    /// nil to keep the connection after this response, `.lingering` to close it.
    var closing: HTTPConnection.Outcome?

    @inline(never)
    init(_ response: Response, for request: RequestSummary, version: HTTPVersion, keepAlive requestKeepAlive: Bool, logger: Logger) {
        let isHead = request.method == .head
        let status = response.status
        var keepAlive = requestKeepAlive
        var headers = NIOHTTP1.HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 2)
        var declaredLength: String?
        for (name, value) in response.headers {
            if HTTPHeaders.namesEqual(name, "content-length") {
                declaredLength = value
                continue
            }
            if HTTPHeaders.namesEqual(name, "transfer-encoding") { continue }
            if HTTPHeaders.namesEqual(name, "connection") {
                if value.lowercased().contains("close") { keepAlive = false }
                continue
            }
            guard HTTPConnection.isSafeHeaderField(name, value) else {
                logger.warning(
                    "Dropped response header \(name) for \(request.method) \(request.path): CR, LF or NUL in the field"
                )
                continue
            }
            headers.add(name: name, value: value)
        }

        var body = Body.none
        if status.mayHaveBody {
            switch response.body {
            case .empty:
                headers.add(name: "content-length", value: isHead ? (declaredLength ?? "0") : "0")
            case .bytes(let bytes):
                headers.add(name: "content-length", value: String(bytes.count))
                if !isHead { body = .bytes(bytes) }
            case .stream(let produce), .eventStream(let produce):
                var inline = false
                if case .eventStream = response.body { inline = true }
                var length: Int?
                var chunked = false
                if let declaredLength, let declared = Int(declaredLength) {
                    headers.add(name: "content-length", value: declaredLength)
                    length = declared
                } else if version.major == 1 && version.minor >= 1 {
                    chunked = !isHead
                    if chunked { headers.add(name: "transfer-encoding", value: "chunked") }
                } else {
                    // HTTP/1.0 has no chunking: the body ends when the connection closes.
                    keepAlive = false
                }
                if !isHead { body = .stream(produce, inline: inline, length: length, chunked: chunked) }
            }
        } else if status.code == 304, let declaredLength {
            headers.add(name: "content-length", value: declaredLength)
        }
        if !keepAlive {
            headers.add(name: "connection", value: "close")
        } else if version.major == 1 && version.minor == 0 {
            headers.add(name: "connection", value: "keep-alive")
        }
        self.head = HTTPResponseHead(
            version: version,
            status: HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase),
            headers: headers
        )
        self.body = body
        self.closing = keepAlive ? nil : .lingering
    }
}
