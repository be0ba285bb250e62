/// The frozen route table: an immutable ``HTTPResponder`` that dispatches requests to handlers.
///
/// **Patterns.** `/v1/projects/{project}/databases/{database}/documents/{path...}:runQuery`:
/// literal segments; `{name}` captures exactly one segment; `{name...}` captures one or more
/// remaining segments and must come last; the last element may end in a custom verb
/// (`:commit`), matched only when the request's last raw segment ends with exactly that
/// suffix (the text before it is the segment, so IDs may themselves contain `:`).
///
/// **Matching.** The raw path is split on `/` first, then captured segments of the winning
/// route are percent-decoded, so `%2F` stays inside one segment and `%28default%29` becomes
/// `(default)`. Empty segments are kept (upper layers reject them with their own message).
///
/// **Precedence.** Routes with a verb before routes without; then more literal segments
/// first; then registration order. `HEAD` uses a `HEAD` route if one matches, else the `GET`
/// route (the transport then omits the body). A path that matches only routes for other
/// methods yields ``RoutingFailure/methodNotAllowed(allowed:)``.
///
/// **Cost.** A linear scan over the precompiled routes in precedence order, each check
/// O(segments) byte comparisons with no allocation; only the winner's captures are decoded.
/// For the few dozen routes of an API this is well under a microsecond.
///
/// **Cross-origin access.** A path matched by any route registered with
/// ``CrossOriginAccess/trustedOrigins`` is trusted-only, whatever the method; deciding costs a
/// scan of those few routes (then of the ``Router/trustedOnly(where:)`` predicates), and only
/// for requests that carry `Origin`.
public struct RouterResponder: HTTPResponder {
    private let routes: [Router.Route]
    /// The patterns of trusted-only routes.
    private let trustedOnly: [RoutePattern]
    /// Requests trusted-only whatever their path's spelling (``Router/trustedOnly(where:)``).
    private let trustedRequests: [@Sendable (Request) -> Bool]
    private let fallback: @Sendable (Request, RoutingFailure) -> Response
    private let errorMapper: @Sendable (any Error, Request) -> Response

    init(
        routes: [Router.Route],
        trustedRequests: [@Sendable (Request) -> Bool] = [],
        fallback: @escaping @Sendable (Request, RoutingFailure) -> Response,
        errorMapper: @escaping @Sendable (any Error, Request) -> Response
    ) {
        self.routes = routes.sorted { lhs, rhs in
            let lhsVerb = lhs.pattern.verb != nil
            let rhsVerb = rhs.pattern.verb != nil
            if lhsVerb != rhsVerb { return lhsVerb }
            if lhs.pattern.literalCount != rhs.pattern.literalCount {
                return lhs.pattern.literalCount > rhs.pattern.literalCount
            }
            return lhs.order < rhs.order
        }
        self.trustedOnly = routes.filter { $0.access == .trustedOrigins }.map(\.pattern)
        self.trustedRequests = trustedRequests
        self.fallback = fallback
        self.errorMapper = errorMapper
    }

    public func crossOriginAccess(for request: Request) -> CrossOriginAccess {
        guard !self.trustedOnly.isEmpty || !self.trustedRequests.isEmpty else { return .anyOrigin }
        let segments = request.pathSegments
        if self.trustedOnly.contains(where: { $0.matches(segments) }) { return .trustedOrigins }
        return self.trustedRequests.contains { $0(request) } ? .trustedOrigins : .anyOrigin
    }

    public func respond(to request: Request) async -> Response {
        switch self.resolve(method: request.method, segments: request.pathSegments) {
        case .success(let (route, parameters)):
            do {
                return try await route.handler(request, parameters)
            } catch {
                return self.errorMapper(error, request)
            }
        case .failure(let failure):
            return self.fallback(request, failure)
        }
    }

    /// Finds the route for `method` and raw `segments`, and decodes its captures.
    func resolve(
        method: HTTPMethod,
        segments: [String]
    ) -> Result<(Router.Route, RouteParameters), RoutingFailure> {
        var getFallback: Router.Route?
        var pathMatched = false
        var chosen: Router.Route?
        for route in self.routes where route.pattern.matches(segments) {
            pathMatched = true
            if route.method == method {
                chosen = route
                break
            }
            if method == .head, route.method == .get, getFallback == nil {
                getFallback = route
            }
        }
        guard let route = chosen ?? getFallback else {
            guard pathMatched else { return .failure(.noRoute) }
            return .failure(.methodNotAllowed(allowed: self.allowedMethods(for: segments)))
        }
        return route.pattern.parameters(for: segments).map { (route, $0) }
    }

    /// Every method some route accepts for `segments`, in a stable order, with `HEAD` wherever
    /// `GET` is allowed.
    private func allowedMethods(for segments: [String]) -> [HTTPMethod] {
        var allowed: [HTTPMethod] = []
        for route in self.routes where route.pattern.matches(segments) {
            if !allowed.contains(route.method) { allowed.append(route.method) }
            if route.method == .get, !allowed.contains(.head) { allowed.append(.head) }
        }
        let canonical: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        return allowed.sorted { lhs, rhs in
            (canonical.firstIndex(of: lhs) ?? Int.max, lhs.rawValue)
                < (canonical.firstIndex(of: rhs) ?? Int.max, rhs.rawValue)
        }
    }
}
