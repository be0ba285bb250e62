import HearthDatabase
import HearthHTTP
import Logging

/// The Realtime Database REST API (`rtdb.md` §1–4, §9), as one responder: every path is data
/// (`/<path>.json`), so it routes on the effective method and the target rather than on a
/// route table.
///
/// | method | path | does |
/// |---|---|---|
/// | GET | `/<path>.json` | read (with query parameters; `Accept: text/event-stream` streams) |
/// | PUT / POST / PATCH / DELETE | `/<path>.json` | set / push / update / remove |
/// | GET, PUT | `/.settings/rules.json` | the namespace's rules (admin; `AdminAccess` and owner) |
/// | GET | `/.inspect/databases.json` | namespaces in use |
/// | GET | `/` | liveness: `Ok` |
///
/// Handlers are glue: the request is parsed at the edge (`DatabaseRequest`), the store and the
/// rules do the work, failures are rendered in one place (`DatabaseErrorResponse`).
struct DatabaseRoutes: HTTPResponder {
    let namespaces: DatabaseNamespaces
    let identities: IdentityResolver
    /// Who may reach `/.settings/rules.json` at all (this machine, no other site's pages).
    let adminAccess: AdminAccess
    let rules: DatabaseRulesRegistry
    /// Where uploaded rules are kept; nil in memory.
    let rulesPersistence: RulesPersistence?
    let settings: DatabaseSettings
    /// Every open stream, for their keep-alives and rules re-checks.
    let streams: OpenStreams<DatabaseStream.Item>
    /// Delivers committed changes to the streams.
    let fanout = DatabaseStreamFanout()
    let logger: Logger

    func respond(to request: Request) async -> Response {
        if request.method == .get, request.path == "/" { return .text("Ok") }
        do {
            let parsed = try DatabaseRequest(
                request, defaultNamespace: self.settings.defaultNamespace, identities: self.identities, now: WallClock.milliseconds())
            let call = DatabaseCall(
                request: parsed, store: self.namespaces.store(for: parsed.namespace), rules: self.rules.rules(for: parsed.namespace),
                logger: self.logger)
            return try await self.handle(call, request)
        } catch let refusal as AdminRefusal {
            self.logger.info("RTDB \(request.method) \(request.uri) → \(refusal.httpStatus): \(refusal.message)")
            return DatabaseErrorResponse.response(for: refusal)
        } catch let error as DatabaseError {
            let level: Logger.Level = error.httpStatus >= 500 ? .error : .info
            self.logger.log(level: level, "RTDB \(request.method) \(request.uri) → \(error.httpStatus): \(error.message)")
            return DatabaseErrorResponse.response(for: error)
        } catch {
            self.logger.error("RTDB \(request.method) \(request.uri) failed: \(error)")
            return DatabaseErrorResponse.response(for: .unavailable("Hearth could not complete the request: \(error)"))
        }
    }

    /// `/.settings/rules.json` is trusted-only for browsers; everything else is data that web
    /// apps on any origin may call.
    func crossOriginAccess(for request: Request) -> CrossOriginAccess {
        (try? DatabaseRequest.target(request)) == .rules ? .trustedOrigins : .anyOrigin
    }

    private func handle(_ call: DatabaseCall, _ request: Request) async throws -> Response {
        if call.request.target == .rules { try self.adminAccess.admit(request) }
        switch (call.request.target, call.request.method) {
        case (.data, .get): return call.request.wantsStream ? try self.stream(call) : try self.read(call)
        case (.data, .put): return try await self.set(call)
        case (.data, .post): return try await self.push(call)
        case (.data, .patch): return try await self.update(call)
        case (.data, .delete): return try await self.remove(call)
        case (.rules, .get): return try self.readRules(call)
        case (.rules, .put): return try await self.uploadRules(call)
        case (.databases, .get): return self.listNamespaces(call)
        case (let target, let method):
            throw DatabaseError.badRequest("\(method.rawValue) is not supported on \(target == .rules ? "/.settings/rules.json" : "/.inspect/databases.json").")
        }
    }
}
