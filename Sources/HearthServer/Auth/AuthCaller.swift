import HearthAuth
import HearthHTTP
import HearthJSON
import Logging

/// Works out an ``AuthCall`` from a request, as the emulator's `server.ts` does: who calls
/// (`Authorization: Bearer owner` is the admin; a `ya29.` Google token is taken as the admin
/// with a warning; an API key, `?key=` or `X-Goog-Api-Key`, any non-empty value, is a client
/// of the default project), and on what (the path's project and tenant, else the default
/// project and the body's `tenantId`, else the project and tenant the ID token or refresh
/// token names).
struct AuthCaller: Sendable {
    let defaultProject: String
    let identities: IdentityResolver
    let logger: Logger

    /// - Parameters:
    ///   - project: the path's `{project}`, when the route has one.
    ///   - tenant: the path's `{tenant}`, when the route has one.
    ///   - body: the request's fields (for `tenantId`, `idToken`, `refreshToken`).
    /// - Throws: `AuthError` 401 for a bearer token that is neither `owner` nor a Google
    ///   token, 403 for `owner` from another machine or site, or without any credential.
    func call(_ request: Request, project: String? = nil, tenant: String? = nil, body: JSONObject = JSONObject()) throws(AuthError) -> AuthCall {
        var isAdmin = false
        if let header = request.headers["Authorization"] {
            let token: String
            do {
                token = try IdentityResolver.bearerToken(header)
            } catch {
                throw Self.invalidCredentials
            }
            if token.lowercased() == "owner" {
                do {
                    _ = try self.identities.identity(of: request, token: "owner")
                } catch {
                    throw AuthError(status: 403, error.message, statusName: "PERMISSION_DENIED")
                }
                isAdmin = true
            } else if token.hasPrefix("ya29.") {
                self.logger.warning("Received a Google OAuth token on the Auth emulator; treating it as the owner of project \(self.defaultProject).")
                isAdmin = true
            } else {
                throw Self.invalidCredentials
            }
        } else if (request.query.first("key") ?? request.headers["X-Goog-Api-Key"] ?? "").isEmpty, project == nil {
            throw AuthError(
                status: 403,
                "The request is missing a valid API key. Pass any non-empty ?key= (the Auth emulator accepts every key), or Authorization: Bearer owner for admin calls.",
                statusName: "PERMISSION_DENIED")
        }
        let fields = RecordFields(body)
        let bodyTenant = try fields.string("tenantId")
        if let tenant, let bodyTenant, tenant != bodyTenant { throw AuthError.tenantIDMismatch }
        var target = tenant ?? bodyTenant
        // Hearth serves every project: a token names its own (`aud`, `projectId`), which a
        // call without a project in its path or body is for (the emulator suite, serving one
        // project, takes the API key's).
        var tokenProject: String?
        if let idToken = try fields.string("idToken"), let claims = UnsignedJWT.claims(of: idToken) {
            tokenProject = claims["aud"]?.stringValue
            if let tokenTenant = claims["firebase"]?.objectValue?["tenant"]?.stringValue {
                if let target, target != tokenTenant { throw AuthError.tenantIDMismatch }
                target = tokenTenant
            }
        }
        if let refresh = try fields.string("refreshToken"), let record = try? RefreshToken(parsing: refresh) {
            tokenProject = tokenProject ?? record.project
            if let refreshTenant = record.tenant {
                if let target, target != refreshTenant { throw AuthError("TENANT_ID_MISMATCH: ((Refresh token tenant ID does not match target tenant ID.))") }
                target = refreshTenant
            }
        }
        let host = request.headers["Host"] ?? "localhost"
        let bodyProject = try self.targetProject(fields, isAdmin: isAdmin)
        let chosen = project ?? bodyProject ?? tokenProject.flatMap { AuthScope.isValidProject($0) ? $0 : nil } ?? self.defaultProject
        return AuthCall(
            scope: try AuthScope(project: chosen, tenant: target),
            isAdmin: isAdmin, baseURL: "http://\(host)")
    }

    /// `targetProjectId` in the body, which only the admin may name (`server.ts`).
    private func targetProject(_ fields: RecordFields, isAdmin: Bool) throws(AuthError) -> String? {
        guard let target = try fields.string("targetProjectId") else { return nil }
        guard isAdmin else { throw AuthError("INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.") }
        return target
    }

    static let invalidCredentials = AuthError(
        status: 401,
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        statusName: "UNAUTHENTICATED")
}
