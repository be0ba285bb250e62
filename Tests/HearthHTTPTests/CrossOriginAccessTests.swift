import HearthHTTP
import HearthTesting
import Testing

/// Routes registered as trusted-only: the transport answers other sites' preflights with 403
/// and no `Access-Control-*` header, never echoes their origin, and treats every other route
/// (and every request without `Origin`) as before.
struct CrossOriginAccessTests {
    static func makeResponder() -> RouterResponder {
        var router = Router()
        router.on(.get, "/data/{id}") { _, _ in .text("data") }
        router.on(.post, "/admin/{project}:export", access: .trustedOrigins) { _, _ in .text("exported") }
        router.on(.delete, "/admin/{project}/documents/{path...}", access: .trustedOrigins) { _, _ in .text("cleared") }
        return router.responder(
            fallback: { _, _ in .text("none", status: .notFound) }, errorMapper: { _, _ in .text("error", status: .internalServerError) })
    }

    @Test(arguments: [
        ("POST", "/admin/p:export", CrossOriginAccess.trustedOrigins),
        ("OPTIONS", "/admin/p:export", .trustedOrigins),
        ("GET", "/admin/p:export", .trustedOrigins),
        ("DELETE", "/admin/p/documents/a/b", .trustedOrigins),
        ("OPTIONS", "/admin/p/documents/a", .trustedOrigins),
        ("GET", "/data/1", .anyOrigin),
        ("OPTIONS", "/data/1", .anyOrigin),
        ("POST", "/admin/p:import", .anyOrigin),
        ("GET", "/elsewhere", .anyOrigin),
    ])
    func theRouterAnswersByPathWhateverTheMethod(method: String, path: String, expected: CrossOriginAccess) {
        let request = Request(method: HTTPMethod(rawValue: method), uri: path)
        #expect(Self.makeResponder().crossOriginAccess(for: request) == expected)
    }

    /// A service that reads several spellings of one path as one resource names them with a
    /// predicate; the patterns still apply, and everything else stays open.
    @Test(arguments: [
        ("/admin/p:export", CrossOriginAccess.trustedOrigins),
        ("/ADMIN//settings/", .trustedOrigins),
        ("/admin/settings", .trustedOrigins),
        ("/data/1", .anyOrigin),
    ])
    func aPredicateMakesOtherSpellingsTrustedOnly(path: String, expected: CrossOriginAccess) {
        var router = Router()
        router.on(.get, "/data/{id}") { _, _ in .text("data") }
        router.on(.post, "/admin/{project}:export", access: .trustedOrigins) { _, _ in .text("exported") }
        router.trustedOnly { request in request.pathSegments.filter { !$0.isEmpty }.map { $0.lowercased() } == ["admin", "settings"] }
        let responder = router.responder(
            fallback: { _, _ in .text("none", status: .notFound) }, errorMapper: { _, _ in .text("error", status: .internalServerError) })
        #expect(responder.crossOriginAccess(for: Request(method: .get, uri: path)) == expected)
    }

    @Test func otherSitesArePreflightedOutOfTrustedOnlyRoutes() async throws {
        let server = try await TestServer.start(responder: Self.makeResponder())
        let responses = try await onThread {
            func preflight(_ path: String, from origin: String) throws -> RawHTTPResponse {
                try HTTPTestClient.request(
                    "OPTIONS", path, port: server.port,
                    headers: [("Origin", origin), ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "content-type")])
            }
            return [
                try preflight("/admin/p:export", from: "https://evil.example"),
                try preflight("/admin/p:export", from: "http://localhost:4000"),
                try preflight("/data/1", from: "https://evil.example"),
            ]
        }
        let (evil, local, data) = (responses[0], responses[1], responses[2])
        #expect(evil.status == 403)
        #expect(evil.bodyText.hasPrefix("403|Cross-origin requests to /admin/p:export are only allowed from pages on this machine"))
        #expect(evil.bodyText.contains("https://evil.example"))
        #expect(!evil.headers.contains { $0.0.lowercased().hasPrefix("access-control-") }, "\(evil.headers)")
        #expect(local.status == 204)
        #expect(local.header("access-control-allow-origin") == "http://localhost:4000")
        #expect(data.status == 204)
        #expect(data.header("access-control-allow-origin") == "https://evil.example")
        #expect(data.header("access-control-allow-private-network") == "true")
        try await server.stop()
    }

    @Test func responsesOfTrustedOnlyRoutesNeverEchoAnotherSite() async throws {
        let server = try await TestServer.start(responder: Self.makeResponder())
        let responses = try await onThread {
            [
                try HTTPTestClient.request("POST", "/admin/p:export", port: server.port, headers: [("Origin", "https://evil.example")], body: []),
                try HTTPTestClient.request("POST", "/admin/p:export", port: server.port, headers: [("Origin", "http://127.0.0.1:4000")], body: []),
                try HTTPTestClient.request("POST", "/admin/p:export", port: server.port, body: []),
                try HTTPTestClient.request("GET", "/data/1", port: server.port, headers: [("Origin", "https://evil.example")]),
            ]
        }
        let (evil, local, tool, data) = (responses[0], responses[1], responses[2], responses[3])
        // The transport only withholds the headers; refusing the request is the route's job.
        #expect(evil.bodyText == "exported")
        #expect(evil.header("access-control-allow-origin") == nil)
        #expect(evil.header("access-control-allow-credentials") == nil)
        #expect(evil.header("vary") == "Origin")
        #expect(local.header("access-control-allow-origin") == "http://127.0.0.1:4000")
        #expect(tool.bodyText == "exported")
        #expect(tool.header("access-control-allow-origin") == nil)
        #expect(data.header("access-control-allow-origin") == "https://evil.example")
        try await server.stop()
    }

    @Test func listedOriginsAreTrustedLikeLoopbackPages() async throws {
        let server = try await TestServer.start({ $0.cors?.trustedOrigins = TrustedOrigins(additional: ["http://192.168.1.20:4000"]) }, responder: Self.makeResponder())
        let preflight = try await onThread {
            try HTTPTestClient.request(
                "OPTIONS", "/admin/p:export", port: server.port,
                headers: [("Origin", "http://192.168.1.20:4000"), ("Access-Control-Request-Method", "POST")])
        }
        #expect(preflight.status == 204)
        #expect(preflight.header("access-control-allow-origin") == "http://192.168.1.20:4000")
        try await server.stop()
    }
}
