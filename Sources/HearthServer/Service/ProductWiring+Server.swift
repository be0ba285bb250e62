import HearthHTTP

extension ProductWiring {
    /// A product's server on `host:port` with the shared transport settings (changed by
    /// `adjust`, e.g. a larger body limit), whose responder also answers the hub's
    /// `GET /emulators`: every unit gets its server here, so no port forgets the hub.
    func server(
        host: String, port: Int, responder: any HTTPResponder,
        errorRenderer: @escaping @Sendable (HTTPStatus, String) -> Response,
        adjust: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) -> HTTPServer {
        var http = self.http
        http.host = host
        http.port = port
        adjust(&http)
        return HTTPServer(
            configuration: http, responder: HubResponder(hub: self.hub, product: responder), errorRenderer: errorRenderer, logger: self.logger,
            eventLoops: self.eventLoops)
    }
}
