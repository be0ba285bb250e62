import HearthHTTP

/// A product's responder that also answers the emulator hub's `GET /emulators` (see
/// ``EmulatorHub``), so each port can tell a test harness where the others are. Every other
/// request, and every CORS question, goes to the product. One string comparison per request.
struct HubResponder: HTTPResponder {
    let hub: EmulatorHub
    let product: any HTTPResponder

    func respond(to request: Request) async -> Response {
        if request.method == .get, request.path == "/emulators" { return self.hub.response() }
        return await self.product.respond(to: request)
    }

    func crossOriginAccess(for request: Request) -> CrossOriginAccess {
        self.product.crossOriginAccess(for: request)
    }
}
