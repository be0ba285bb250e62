import HearthDatabase
import HearthHTTP
import Logging

/// The Realtime Database REST API (`rtdb.md` §1–4, §9) as routes on HearthHTTP's `Router`,
/// each a thin adapter: parse a `DatabaseRequest`, call `DatabaseService`, encode the result.
///
/// | method | path | does |
/// |---|---|---|
/// | GET | `/` | liveness: `Ok` |
/// | GET, PUT | `/.settings/rules.json` | the namespace's rules (admin; `AdminAccess` and owner) |
/// | GET | `/.inspect/databases.json` | namespaces in use |
/// | GET | `/{path...}` ending in `.json` | read (with query parameters; `Accept: text/event-stream` streams) |
/// | PUT / POST / PATCH / DELETE | `/{path...}` ending in `.json` | set / push / update / remove |
///
/// Every path is data, and a path is named many ways (`/a//b.json/`, `%2E`, a `POST` with
/// `x-http-method-override`), so the catch-all routes parse the whole request as before and
/// act on the effective method and target; the literal routes only name the dot-files (and
/// make the rules path trusted-only for browsers, with `trustedOnly(where:)` for its other
/// spellings). Failures are rendered in one place (`DatabaseErrorResponse`), through the
/// router's error mapper and fallback.
struct DatabaseRoutes: Sendable {
    let service: DatabaseService
    let identities: IdentityResolver
    /// Who may reach `/.settings/rules.json` at all (this machine, no other site's pages).
    let adminAccess: AdminAccess
    let logger: Logger

    /// The methods the REST API serves; others are refused by the fallback, as before parsing.
    static let methods: [HTTPMethod] = [.get, .put, .post, .patch, .delete]

    func register(on router: inout Router) {
        router.on(.get, "/") { _, _ in .text("Ok") }
        // `HEAD /` is not the liveness check: like any other method on `/`, it is a data URL
        // without `.json` (404), as it always was.
        router.on(.head, "/") { request, _ in try await self.respond(to: request) }
        router.on(.get, "/.settings/rules.json", access: .trustedOrigins) { request, _ in try await self.respond(to: request) }
        router.on(.put, "/.settings/rules.json", access: .trustedOrigins) { request, _ in try await self.respond(to: request) }
        router.on(.get, "/.inspect/databases.json") { request, _ in try await self.respond(to: request) }
        for method in Self.methods {
            // The router has decoded the path once; parsing takes its segments as they are.
            router.on(method, "/{path...}") { request, route in try await self.respond(to: request, segments: route.segments("path")) }
        }
        router.trustedOnly { (try? DatabaseRequest.target($0)) == .rules }
    }

    /// The frozen routes, with RTDB's error format for failures and refusals.
    func responder() -> RouterResponder {
        var router = Router()
        self.register(on: &router)
        return router.responder(
            fallback: { request, _ in self.refusal(request) },
            errorMapper: { [logger] error, request in DatabaseErrorResponse.response(for: error, request: request, logger: logger) })
    }

    /// Parses the request (`segments`: its path, decoded by the router), then runs the
    /// operation its effective method and target name.
    func respond(to request: Request, segments: [String]? = nil) async throws -> Response {
        let parsed = try self.parse(request, segments: segments)
        if parsed.target == .rules { try self.adminAccess.admit(request) }
        switch (parsed.target, parsed.method) {
        case (.data, .get): return parsed.wantsStream ? try self.stream(parsed) : try self.read(parsed)
        case (.data, .put): return try await self.set(parsed)
        case (.data, .post): return try await self.push(parsed)
        case (.data, .patch): return try await self.update(parsed)
        case (.data, .delete): return try await self.remove(parsed)
        case (.rules, .get): return try self.readRules(parsed)
        case (.rules, .put): return try await self.uploadRules(parsed)
        case (.databases, .get): return self.listNamespaces(parsed)
        case (let target, let method):
            throw DatabaseError.badRequest("\(method.rawValue) is not supported on \(target == .rules ? "/.settings/rules.json" : "/.inspect/databases.json").")
        }
    }

    private func parse(_ request: Request, segments: [String]? = nil) throws(DatabaseError) -> DatabaseRequest {
        try DatabaseRequest(
            request, segments: segments, defaultNamespace: self.service.settings.defaultNamespace, identities: self.identities, now: WallClock.milliseconds())
    }

    /// What the router could not route (a method the API does not serve, a path whose
    /// escapes do not decode): parsing says what is wrong in the words it always used, so the
    /// answer is the same as when every request went through it.
    private func refusal(_ request: Request) -> Response {
        let error: DatabaseError
        do {
            _ = try self.parse(request)
            error = .badRequest("The Realtime Database REST API cannot serve \(request.method) \(request.path).")
        } catch let parseError {
            error = parseError
        }
        return DatabaseErrorResponse.response(for: error, request: request, logger: self.logger)
    }
}
