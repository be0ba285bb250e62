/// Collects routes, then freezes them into a ``RouterResponder``.
///
/// ```swift
/// var router = Router()
/// router.on(.get, "/v1/projects/{project}/databases/{database}/documents/{path...}") { request, parameters in
///     …
/// }
/// router.on(.post, "/v1/projects/{project}/databases/{database}/documents:commit") { … }
/// let responder = router.responder(fallback: { request, failure in … }, errorMapper: { error, request in … })
/// ```
///
/// Pattern syntax and precedence are described on ``RouterResponder``. Building is a one-time
/// cost at startup; nothing is parsed per request.
public struct Router: Sendable {
    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: RouteHandler
        let order: Int
        /// Which browser pages may call it (see ``CrossOriginAccess``).
        let access: CrossOriginAccess
    }

    private var routes: [Route] = []
    /// Requests made trusted-only by ``trustedOnly(where:)``.
    private var trustedRequests: [@Sendable (Request) -> Bool] = []

    public init() {}

    /// Registers `handler` for `method` requests whose path matches `pattern`.
    ///
    /// - Parameters:
    ///   - access: which browser pages may call the route. ``CrossOriginAccess/trustedOrigins``
    ///     applies to the whole path: every route whose pattern matches a request's path makes
    ///     that path trusted-only for the transport's CORS answers, whatever the method (a
    ///     preflight is an `OPTIONS` request), so give administrative routes paths of their own.
    /// - Precondition: `pattern` is valid (starts with `/`, `{name...}` only last, unique
    ///   capture names, a non-empty verb); an invalid pattern traps at startup.
    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, access: CrossOriginAccess = .anyOrigin, use handler: @escaping RouteHandler
    ) {
        self.routes.append(
            Route(method: method, pattern: RoutePattern(pattern), handler: handler, order: self.routes.count, access: access)
        )
    }

    /// Makes every request `isTrustedOnly` accepts trusted-only for the transport's CORS
    /// answers, as if a route with ``CrossOriginAccess/trustedOrigins`` matched it.
    ///
    /// For services that normalise paths themselves, so that one administrative resource has
    /// spellings no pattern lists (the Realtime Database reads `/.settings//rules.json/` and
    /// `/%2Esettings/rules.json` as `/.settings/rules.json`). The predicate runs only for
    /// requests that carry `Origin`, after the patterns; keep it cheap.
    public mutating func trustedOnly(where isTrustedOnly: @escaping @Sendable (Request) -> Bool) {
        self.trustedRequests.append(isTrustedOnly)
    }

    /// Freezes the routes registered so far into an immutable responder.
    ///
    /// - Parameters:
    ///   - fallback: builds the response when no route handles the request (404, 405, 400).
    ///   - errorMapper: turns an error thrown by a handler into a response.
    public func responder(
        fallback: @escaping @Sendable (Request, RoutingFailure) -> Response,
        errorMapper: @escaping @Sendable (any Error, Request) -> Response
    ) -> RouterResponder {
        RouterResponder(routes: self.routes, trustedRequests: self.trustedRequests, fallback: fallback, errorMapper: errorMapper)
    }
}
