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
    }

    private var routes: [Route] = []

    public init() {}

    /// Registers `handler` for `method` requests whose path matches `pattern`.
    ///
    /// - Precondition: `pattern` is valid (starts with `/`, `{name...}` only last, unique
    ///   capture names, a non-empty verb); an invalid pattern traps at startup.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, use handler: @escaping RouteHandler) {
        self.routes.append(
            Route(method: method, pattern: RoutePattern(pattern), handler: handler, order: self.routes.count)
        )
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
        RouterResponder(routes: self.routes, fallback: fallback, errorMapper: errorMapper)
    }
}
