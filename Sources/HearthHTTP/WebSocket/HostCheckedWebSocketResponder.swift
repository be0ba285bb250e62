/// A ``WebSocketResponder`` that refuses upgrades whose `Host` the ``HostAllowlist`` does not
/// allow: the request then goes on as plain HTTP/1.1, where ``HostCheckedResponder`` answers it
/// `403` naming the flag, so a rebound page gets no session.
struct HostCheckedWebSocketResponder: WebSocketResponder {
    let inner: any WebSocketResponder
    let allowlist: HostAllowlist

    func handler(for request: Request) -> (any WebSocketHandler)? {
        guard self.allowlist.allows(request.headers["Host"]) else { return nil }
        return self.inner.handler(for: request)
    }
}
