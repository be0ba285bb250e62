/// Why the router found no handler for a request; given to the fallback so the layer above can
/// answer in its own error format.
public enum RoutingFailure: Error, Sendable, Equatable {
    /// No route pattern matches the path.
    case noRoute
    /// Some route matches the path, but none for this method. `allowed` lists the methods that
    /// would match (with `HEAD` wherever `GET` is allowed), for an `Allow` header.
    case methodNotAllowed(allowed: [HTTPMethod])
    /// A route matched, but a captured segment is not valid percent-encoded UTF-8; the string
    /// says which segment and why.
    case malformedPath(String)
}
