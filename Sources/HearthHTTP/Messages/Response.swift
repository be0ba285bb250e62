/// An HTTP response: status, headers and a body that is either buffered or streamed.
///
/// Framing headers are the transport's job: it sets `Content-Length` for buffered bodies and
/// chunked transfer-encoding for streamed ones (unless the handler set `Content-Length`), so
/// handlers only set what describes the content.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: ResponseBody

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: ResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response; `bytes` must already be UTF-8 JSON text.
    public static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(
            status: status,
            headers: ["Content-Type": "application/json; charset=UTF-8"],
            body: .bytes(bytes)
        )
    }

    /// A plain-text response.
    public static func text(_ string: String, status: HTTPStatus = .ok) -> Response {
        Response(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: .bytes(Array(string.utf8))
        )
    }
}
