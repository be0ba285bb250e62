import HearthHTTP
import HearthUI

/// What the UI port serves: the page and its modules (``UIAssets``, embedded in the binary)
/// and `GET /api/config` (``UIConfiguration``). Everything else the page does goes to the
/// products' own ports through their public APIs.
///
/// Assets are served with `Cache-Control: no-cache` (a new `hearth` binary is picked up on
/// reload) and a Content-Security-Policy that lets the page load only its own scripts and
/// styles and keeps it out of other sites' frames.
struct UIRoutes: Sendable {
    let configuration: UIConfiguration

    static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'self'; connect-src 'self' http: https:; img-src 'self' data: http: https:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    ]

    func responder() -> RouterResponder {
        var router = Router()
        for asset in UIAssets.all {
            let bytes = Array(asset.text.utf8)
            var headers = Self.securityHeaders
            headers.replaceOrAdd(name: "Content-Type", value: asset.contentType)
            let response = Response(status: .ok, headers: headers, body: .bytes(bytes))
            router.on(.get, asset.path) { _, _ in response }
        }
        router.on(.get, "/api/config") { _, _ in
            var response = Response.json(self.configuration.json())
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            return response
        }
        return router.responder(
            fallback: { request, failure in
                switch failure {
                case .methodNotAllowed:
                    return .text("The Hearth UI only serves pages: \(request.method) \(request.path) is not allowed.\n", status: .methodNotAllowed)
                default:
                    return .text("The Hearth UI has no page at \(request.path); open / (views are chosen after the #).\n", status: .notFound)
                }
            },
            errorMapper: { error, request in
                .text("The Hearth UI could not answer \(request.path): \(error)\n", status: .internalServerError)
            })
    }
}
