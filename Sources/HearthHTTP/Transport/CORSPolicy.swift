/// How the server answers cross-origin requests from browsers.
///
/// A local backend is called from web apps on other origins (`localhost:3000`, `file://`), so
/// ``permissive`` allows any origin, method and header, and the Private Network Access
/// preflight that Chrome sends for requests from public sites to loopback. The transport
/// answers every `OPTIONS` request as a preflight before routing, and adds the allow/expose
/// headers to every response to a request carrying `Origin`.
///
/// Routes the responder reports as ``CrossOriginAccess/trustedOrigins`` (administrative ones)
/// are the exception: only pages on ``trustedOrigins`` get a preflight allowed and an origin
/// echoed; any other page's preflight is refused, so its browser never sends the request.
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
    /// The pages that may call ``CrossOriginAccess/trustedOrigins`` routes.
    public var trustedOrigins: TrustedOrigins

    public init(
        allowedMethods: String,
        defaultAllowedHeaders: String,
        exposedHeaders: String,
        maxAgeSeconds: Int,
        allowsPrivateNetwork: Bool,
        trustedOrigins: TrustedOrigins = .loopback
    ) {
        self.allowedMethods = allowedMethods
        self.defaultAllowedHeaders = defaultAllowedHeaders
        self.exposedHeaders = exposedHeaders
        self.maxAgeSeconds = maxAgeSeconds
        self.allowsPrivateNetwork = allowsPrivateNetwork
        self.trustedOrigins = trustedOrigins
    }

    /// Allows everything on ``CrossOriginAccess/anyOrigin`` routes: any origin (echoed), all
    /// methods, the requested headers; loopback pages only on trusted-only routes.
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

    /// Whether a response to `request` may be shown to the page that sent it (always true for
    /// requests without `Origin`, which come from no page).
    func admits(_ request: Request, access: CrossOriginAccess) -> Bool {
        guard access == .trustedOrigins, let origin = request.headers["Origin"] else { return true }
        return self.trustedOrigins.trusts(origin)
    }

    /// The answer to a preflight (`OPTIONS`) request: `204` with the allow headers, or, for a
    /// trusted-only route and a page on another origin, `403` from `refusal` without any
    /// `Access-Control-*` header, which makes the browser drop the request it asked about.
    func preflightResponse(
        for request: Request, access: CrossOriginAccess, refusal: (HTTPStatus, String) -> Response
    ) -> Response {
        guard self.admits(request, access: access) else {
            var response = refusal(
                .forbidden,
                "Cross-origin requests to \(request.path) are only allowed from pages on this machine "
                    + "(http://localhost, http://127.0.0.1 or http://[::1], any port) and origins the server was "
                    + "told to trust; the page at \(request.headers["Origin"] ?? "") may not call it."
            )
            response.headers.add(name: "Vary", value: "Origin")
            return response
        }
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
    /// page on some origin (has `Origin`) that may call the route. Headers the responder set
    /// itself are kept.
    func apply(to response: inout Response, for request: Request, access: CrossOriginAccess) {
        guard let origin = request.headers["Origin"] else { return }
        guard self.admits(request, access: access) else {
            response.headers.add(name: "Vary", value: "Origin")
            return
        }
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
