/// An ``HTTPResponder`` that serves only requests whose `Host` the ``HostAllowlist`` allows;
/// the others get `403` from the server's error renderer, in the product's own error format,
/// naming the flag that allows the host. Put in front of every responder by ``HTTPServer``, so
/// every port (each product, the hub, the web UI) is guarded alike. WebSocket upgrades are
/// checked by the same list before they upgrade (``HTTPServer/makeUpgradableConnection``).
struct HostCheckedResponder: HTTPResponder {
    let inner: any HTTPResponder
    let allowlist: HostAllowlist
    let errorRenderer: @Sendable (HTTPStatus, String) -> Response

    func respond(to request: Request) async -> Response {
        if let host = request.headers["Host"], !self.allowlist.allows(host) {
            return self.errorRenderer(.forbidden, HostAllowlist.refusal(of: host))
        }
        return await self.inner.respond(to: request)
    }

    func crossOriginAccess(for request: Request) -> CrossOriginAccess {
        self.inner.crossOriginAccess(for: request)
    }
}
