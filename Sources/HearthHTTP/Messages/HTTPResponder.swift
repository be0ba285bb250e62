/// Something that turns a request into a response: the one seam between the transport and
/// everything above it.
///
/// ``HTTPServer`` calls it once per request, on a task of its own per connection; requests on
/// one connection are answered in order. It cannot fail: errors must already have become
/// responses (``RouterResponder`` does this with its error mapper).
public protocol HTTPResponder: Sendable {
    func respond(to request: Request) async -> Response

    /// Which browser pages may call what `request` targets. The transport asks before it
    /// answers a preflight (`OPTIONS`) and before it adds CORS headers to a response, only
    /// for requests that carry `Origin`. The default, ``CrossOriginAccess/anyOrigin``, suits
    /// responders without administrative routes.
    ///
    /// Must be cheap (it runs on the connection's task for every browser request) and must
    /// not depend on the method alone: a preflight is an `OPTIONS` request to the same path.
    func crossOriginAccess(for request: Request) -> CrossOriginAccess
}

extension HTTPResponder {
    public func crossOriginAccess(for request: Request) -> CrossOriginAccess { .anyOrigin }
}
