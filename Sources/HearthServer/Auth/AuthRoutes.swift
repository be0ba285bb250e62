import HearthAuth
import HearthHTTP
import HearthJSON
import Logging

/// The Auth emulator's REST surface, mounted under the production host names as the emulator
/// suite mounts them (`auth.md` §1): `/identitytoolkit.googleapis.com/v1|v2/…`,
/// `/securetoken.googleapis.com/v1/token`, and the emulator's own `/emulator/v1/…`.
///
/// Thin: each route reads the body (JSON or form, ``AuthRequestBody``), works out who calls
/// on what (``AuthCaller``), calls ``AuthService`` and encodes its message; every error goes
/// through ``AuthErrorResponse``. The routes that also exist per project and per tenant are
/// registered for both prefixes.
struct AuthRoutes: Sendable {
    let service: AuthService
    let caller: AuthCaller
    let adminAccess: AdminAccess

    static let v1 = "/identitytoolkit.googleapis.com/v1"
    static let v2 = "/identitytoolkit.googleapis.com/v2"

    /// What one route does with the call, the body's fields and the request.
    typealias Operation = @Sendable (AuthCall, RecordFields, Request) async throws(AuthError) -> JSONObject

    func register(on router: inout Router) {
        router.on(.get, "/") { _, _ in
            .json(Array(#"{"authEmulator":{"ready":true,"docs":"https://firebase.google.com/docs/emulator-suite","apiSpec":"/emulator/openapi.json"}}"#.utf8))
        }
        self.registerPublic(on: &router)
        self.registerAdmin(on: &router)
        self.registerEmulator(on: &router)
    }

    /// The client endpoints (API key), also reachable under `/projects/{p}` and its tenants.
    private func registerPublic(on router: inout Router) {
        let service = self.service
        let accounts: [(String, Operation)] = [
            ("signUp", { call, fields, _ throws(AuthError) in try await service.signUp(SignUpRequest(fields), call) }),
            ("signInWithPassword", { call, fields, _ throws(AuthError) in try await service.signInWithPassword(SignInWithPasswordRequest(fields), call) }),
            ("signInWithCustomToken", { call, fields, _ throws(AuthError) in
                try await service.signInWithCustomToken(SignInWithCustomTokenRequest(fields), call)
            }),
            ("lookup", { call, fields, _ throws(AuthError) in try service.lookup(LookupRequest(fields), call) }),
            ("update", { call, fields, _ throws(AuthError) in try await service.updateAccount(UpdateAccountRequest(fields), call) }),
            ("delete", { call, fields, _ throws(AuthError) in
                try await service.deleteAccount(localID: fields.string("localId"), idToken: fields.string("idToken"), call)
            }),
            ("revokeToken", { call, fields, _ throws(AuthError) in try service.revokeToken(idToken: fields.string("idToken"), call) }),
            ("signInWithIdp", { call, fields, _ throws(AuthError) in try await service.signInWithIdp(SignInWithIdpRequest(fields), call) }),
            ("sendOobCode", { call, fields, _ throws(AuthError) in try service.sendOOBCode(SendOOBCodeRequest(fields), call) }),
            ("resetPassword", { call, fields, _ throws(AuthError) in
                try await service.resetPassword(oobCode: fields.string("oobCode"), newPassword: fields.string("newPassword"), call)
            }),
            ("signInWithEmailLink", { call, fields, _ throws(AuthError) in
                try await service.signInWithEmailLink(
                    email: fields.string("email"), oobCode: fields.string("oobCode"), idToken: fields.string("idToken"), call)
            }),
            ("createAuthUri", { call, fields, _ throws(AuthError) in
                try service.createAuthURI(
                    identifier: fields.string("identifier"), continueURI: fields.string("continueUri"),
                    providerID: fields.string("providerId"), sessionID: fields.string("sessionId"), call)
            }),
        ]
        for (verb, operation) in accounts {
            self.on(&router, .post, "\(Self.v1)/accounts:\(verb)", operation)
            self.on(&router, .post, "\(Self.v1)/projects/{project}/accounts:\(verb)", operation)
            self.on(&router, .post, "\(Self.v1)/projects/{project}/tenants/{tenant}/accounts:\(verb)", operation)
        }
        self.on(&router, .post, "\(Self.v2)/accounts:revokeToken") { call, fields, _ throws(AuthError) in
            try service.revokeToken(idToken: fields.string("idToken"), call)
        }
        self.on(&router, .get, "\(Self.v1)/projects") { call, _, _ throws(AuthError) in try service.projectConfig(call) }
        self.on(&router, .get, "\(Self.v1)/recaptchaParams") { _, _, _ throws(AuthError) in service.recaptchaParams() }
        self.on(&router, .get, "\(Self.v2)/recaptchaConfig") { _, _, _ throws(AuthError) in service.recaptchaConfig() }
        self.on(&router, .post, "/securetoken.googleapis.com/v1/token") { call, fields, _ throws(AuthError) in
            try await service.grantToken(grantType: fields.string("grantType"), refreshToken: fields.string("refreshToken"), call)
        }
    }

    /// The admin endpoints (`Bearer owner`), per project and per tenant.
    private func registerAdmin(on router: inout Router) {
        let service = self.service
        for prefix in ["\(Self.v1)/projects/{project}", "\(Self.v1)/projects/{project}/tenants/{tenant}"] {
            self.on(&router, .post, "\(prefix)/accounts") { call, fields, _ throws(AuthError) in
                try call.requireAdmin()
                return try await service.signUp(SignUpRequest(fields), call)
            }
            self.on(&router, .post, "\(prefix)/accounts:batchCreate") { call, fields, _ throws(AuthError) in try await service.batchCreate(fields, call) }
            self.on(&router, .post, "\(prefix)/accounts:batchDelete") { call, fields, _ throws(AuthError) in
                try await service.batchDelete(localIDs: fields.strings("localIds"), force: fields.bool("force") ?? false, call)
            }
            self.on(&router, .get, "\(prefix)/accounts:batchGet") { call, _, request throws(AuthError) in
                let maxResults = request.query.first("maxResults").map { Int($0) ?? 20 }
                return try service.batchGet(maxResults: maxResults, pageToken: request.query.first("nextPageToken"), call)
            }
            self.on(&router, .post, "\(prefix)/accounts:query") { call, fields, _ throws(AuthError) in try service.queryAccounts(fields, call) }
            self.on(&router, .post, "\(prefix):queryAccounts") { call, fields, _ throws(AuthError) in try service.queryAccounts(fields, call) }
            self.on(&router, .post, "\(prefix):createSessionCookie") { call, fields, _ throws(AuthError) in
                try service.createSessionCookie(idToken: fields.string("idToken"), validDuration: fields.integer("validDuration"), call)
            }
        }
        self.on(&router, .get, "\(Self.v2)/projects/{project}/config") { call, _, _ throws(AuthError) in try service.config(call) }
        self.on(&router, .patch, "\(Self.v2)/projects/{project}/config") { call, fields, request throws(AuthError) in
            try call.requireAdmin()
            return try await service.updateConfig(fields.object, mask: Self.mask(request), call).record
        }
        self.on(&router, .post, "\(Self.v2)/projects/{project}/tenants") { call, fields, _ throws(AuthError) in
            try await service.createTenant(fields.object, call)
        }
        self.on(&router, .get, "\(Self.v2)/projects/{project}/tenants") { call, _, request throws(AuthError) in
            try service.listTenants(
                pageSize: request.query.first("pageSize").flatMap { Int($0) }, pageToken: request.query.first("pageToken"), call)
        }
        self.on(&router, .get, "\(Self.v2)/projects/{project}/tenants/{tenant}") { call, _, request throws(AuthError) in
            try await service.tenant(call)
        }
        self.on(&router, .patch, "\(Self.v2)/projects/{project}/tenants/{tenant}") { call, fields, request throws(AuthError) in
            try await service.updateTenant(fields.object, mask: Self.mask(request), call)
        }
        self.on(&router, .delete, "\(Self.v2)/projects/{project}/tenants/{tenant}") { call, _, request throws(AuthError) in
            try await service.deleteTenant(call)
        }
    }

    /// The emulator's own endpoints: loopback and trusted pages only, no credentials needed
    /// (as firebase-tools and the emulator UI call them).
    private func registerEmulator(on router: inout Router) {
        let service = self.service
        for prefix in ["/emulator/v1/projects/{project}", "/emulator/v1/projects/{project}/tenants/{tenant}"] {
            self.on(&router, .delete, "\(prefix)/accounts", emulatorOnly: true) { call, _, _ throws(AuthError) in
                try await service.removeAllAccounts(call)
            }
            self.on(&router, .get, "\(prefix)/oobCodes", emulatorOnly: true) { call, _, _ throws(AuthError) in service.oobCodes(call) }
            self.on(&router, .get, "\(prefix)/verificationCodes", emulatorOnly: true) { call, _, _ throws(AuthError) in
                service.verificationCodes(call)
            }
        }
        self.on(&router, .get, "/emulator/v1/projects/{project}/config", emulatorOnly: true) { call, _, _ throws(AuthError) in
            service.emulatorConfig(call)
        }
        self.on(&router, .patch, "/emulator/v1/projects/{project}/config", emulatorOnly: true) { call, fields, _ throws(AuthError) in
            try await service.updateEmulatorConfig(fields.object, call)
        }
    }

    /// Registers `operation` for `method pattern`: body decoding, caller resolution and the
    /// JSON answer around it. `emulatorOnly` routes answer loopback peers and trusted pages
    /// only, and need no credential.
    func on(_ router: inout Router, _ method: HTTPMethod, _ pattern: String, emulatorOnly: Bool = false, _ operation: @escaping Operation) {
        let caller = self.caller
        let adminAccess = self.adminAccess
        router.on(method, pattern, access: emulatorOnly ? .trustedOrigins : .anyOrigin) { request, parameters in
            if emulatorOnly { try adminAccess.admit(request) }
            let body = method == .get || method == .delete ? JSONObject() : try AuthRequestBody.fields(of: request)
            var call = try caller.call(request, project: parameters["project"], tenant: parameters["tenant"], body: body)
            if emulatorOnly { call = AuthCall(scope: call.scope, isAdmin: true, baseURL: call.baseURL) }
            return .json(JSONValue.object(try await operation(call, RecordFields(body), request)).serialized())
        }
    }

    /// `?updateMask=a.b,c`, split; nil when absent.
    private static func mask(_ request: Request) -> [String]? {
        request.query.first("updateMask").map { $0.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) } }
    }
}
