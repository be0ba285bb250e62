/// What writing a response, and its log line, need of the request it answers.
///
/// Why not the `Request` itself: a streamed response (a listener) is written for the whole life
/// of its connection, and whatever the writing holds is held per open stream. The request's
/// headers, body, path segments and query are about a kilobyte; this is a method, a path
/// and a flag.
struct RequestSummary: Sendable {
    let method: HTTPMethod
    let path: String
    /// The client sent `TE: trailers`, so a chunked response may end with trailers.
    let acceptsTrailers: Bool

    init(_ request: Request) {
        self.method = request.method
        self.path = request.path
        self.acceptsTrailers = request.headers["te"].map { $0.lowercased().contains("trailers") } ?? false
    }

    init(method: HTTPMethod, path: String) {
        self.method = method
        self.path = path
        self.acceptsTrailers = false
    }
}
