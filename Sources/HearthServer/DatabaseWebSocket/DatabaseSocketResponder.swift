import HearthHTTP
import Logging

/// Takes the Realtime Database port's WebSocket upgrades at `/.ws` (`streams.md` §1.1:
/// `ws://host:port/.ws?v=5&ns=<namespace>[&ls=…]`), each served by a `DatabaseSocketConnection`.
/// The namespace is read as REST reads it: `ns`, else the Host's first label
/// (`my-ns.firebaseio.com`), else the project's default. An invalid `ns`, or another path, is
/// refused and answered as HTTP (a 400 or 404 in the REST error format). Cheap, as the hook
/// requires: no I/O, no waiting.
struct DatabaseSocketResponder: WebSocketResponder {
    let service: DatabaseService
    let identities: IdentityResolver
    let logger: Logger

    func handler(for request: Request) -> (any WebSocketHandler)? {
        guard request.path == "/.ws" else { return nil }
        let ns = request.query.items.first { $0.name == "ns" }?.value
        guard
            let namespace = try? DatabaseRequest.namespace(ns, host: request.headers["Host"], default: self.service.settings.defaultNamespace)
        else { return nil }
        return DatabaseSocketConnection(
            service: self.service, identities: self.identities, namespace: namespace, request: Self.kept(request), logger: self.logger)
    }

    /// What a connection keeps of its upgrade request for its whole life: the peer and the
    /// `Host` and `Origin` headers (its hello and its `auth` read nothing else), not every
    /// header, path segment and query item it came with.
    private static func kept(_ request: Request) -> Request {
        var headers = HTTPHeaders()
        for name in ["Host", "Origin"] {
            if let value = request.headers[name] { headers.add(name: name, value: value) }
        }
        return Request(method: request.method, uri: "/.ws", headers: headers, remoteAddress: request.remoteAddress)
    }
}
