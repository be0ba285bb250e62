/// How the server answers cross-origin requests from browsers.
///
/// A local backend is called from web apps on other origins (`localhost:3000`, `file://`), so
/// ``permissive`` allows any origin, method and header, and the Private Network Access
/// preflight that Chrome sends for requests from public sites to loopback. The transport
/// answers every `OPTIONS` request as a preflight before routing, and adds the allow/expose
/// headers to every response to a request carrying `Origin`.
public struct CORSPolicy: Sendable {
    /// Value of `Access-Control-Allow-Methods` on preflight responses.
    public var allowedMethods: String
    /// `Access-Control-Allow-Headers` when the preflight does not name the headers it wants.
    public var defaultAllowedHeaders: String
    /// Value of `Access-Control-Expose-Headers` on normal responses.
    public var exposedHeaders: String
    /// How long browsers may cache a preflight answer, in seconds.
    public var maxAgeSeconds: Int
    /// Whether to send `Access-Control-Allow-Private-Network: true` on preflights.
    public var allowsPrivateNetwork: Bool

    public init(
        allowedMethods: String,
        defaultAllowedHeaders: String,
        exposedHeaders: String,
        maxAgeSeconds: Int,
        allowsPrivateNetwork: Bool
    ) {
        self.allowedMethods = allowedMethods
        self.defaultAllowedHeaders = defaultAllowedHeaders
        self.exposedHeaders = exposedHeaders
        self.maxAgeSeconds = maxAgeSeconds
        self.allowsPrivateNetwork = allowsPrivateNetwork
    }

    /// Allows everything: any origin (echoed), all methods, the requested headers.
    public static let permissive = CORSPolicy(
        allowedMethods: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
        defaultAllowedHeaders:
            "Authorization, Content-Type, Accept, Origin, X-Requested-With, Cache-Control, Last-Event-ID, "
            + "X-Goog-Api-Client, X-Goog-Api-Key, X-Goog-Request-Params, X-Goog-Resource-Prefix, "
            + "X-Goog-User-Project, X-Firebase-GMPID, X-Firebase-Client, X-Client-Version",
        exposedHeaders: "*, ETag, Content-Length, Content-Type, Location",
        maxAgeSeconds: 86400,
        allowsPrivateNetwork: true
    )

    /// The `204` answer to a preflight (`OPTIONS`) request.
    func preflightResponse(for request: Request) -> Response {
        var headers = HTTPHeaders()
        headers.reserveCapacity(8)
        headers.add(name: "Access-Control-Allow-Origin", value: request.headers["Origin"] ?? "*")
        headers.add(name: "Access-Control-Allow-Methods", value: self.allowedMethods)
        headers.add(
            name: "Access-Control-Allow-Headers",
            value: request.headers["Access-Control-Request-Headers"] ?? self.defaultAllowedHeaders
        )
        if request.headers["Origin"] != nil {
            headers.add(name: "Access-Control-Allow-Credentials", value: "true")
        }
        if self.allowsPrivateNetwork {
            headers.add(name: "Access-Control-Allow-Private-Network", value: "true")
        }
        headers.add(name: "Access-Control-Max-Age", value: String(self.maxAgeSeconds))
        headers.add(name: "Vary", value: "Origin")
        return Response(status: .noContent, headers: headers)
    }

    /// Adds the CORS headers for a non-preflight response, if the request came from a browser
    /// page on some origin (has `Origin`). Headers the responder set itself are kept.
    func apply(to response: inout Response, for request: Request) {
        guard let origin = request.headers["Origin"] else { return }
        if !response.headers.contains("Access-Control-Allow-Origin") {
            response.headers.add(name: "Access-Control-Allow-Origin", value: origin)
            response.headers.add(name: "Access-Control-Allow-Credentials", value: "true")
        }
        if !response.headers.contains("Access-Control-Expose-Headers") {
            response.headers.add(name: "Access-Control-Expose-Headers", value: self.exposedHeaders)
        }
        response.headers.add(name: "Vary", value: "Origin")
    }
}
