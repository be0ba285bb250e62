import HearthAuth
import HearthJSON

extension AuthService {
    /// `POST /v2/projects/{p}/tenants` (`createTenant`): a tenant with a new random id and
    /// the body's settings (the switches default to off, as in production).
    func createTenant(_ body: JSONObject, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        let project = call.scope.project
        var id = RandomID.alphanumeric(28)
        while self.store.tenant(id, of: project) != nil { id = RandomID.alphanumeric(28) }
        var settings = body
        for key in ["allowPasswordSignup", "disableAuth", "enableAnonymousUser", "enableEmailLinkSignin"] where settings[key] == nil {
            settings.setMember(key, .bool(false))
        }
        let initial = AuthTenant(id: id, project: project, settings: settings)
        let written = try self.store.putTenant(id, of: project, initial: initial) { (_: inout AuthTenant) throws(AuthError) in }
        try await self.store.waitUntilDurable(written.receipt)
        return written.value.record
    }

    /// `GET /v2/projects/{p}/tenants` (`listTenants`): by id, after `pageToken`.
    func listTenants(pageSize: Int?, pageToken: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        var tenants = self.store.tenants(of: call.scope.project).filter { pageToken == nil || $0.id > pageToken! }
        var next: String?
        if let pageSize, pageSize > 0, tenants.count > pageSize {
            tenants.removeSubrange(pageSize...)
            next = tenants.last?.id
        }
        return AuthReply.object([("tenants", .array(tenants.map { .object($0.record) })), ("nextPageToken", AuthReply.string(next))])
    }

    /// `GET /v2/projects/{p}/tenants/{t}` (`getTenant`): the tenant, created with everything
    /// enabled if it does not exist (the emulator's implicit tenants).
    func tenant(_ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        let (project, id) = try Self.tenant(of: call)
        if let tenant = self.store.tenant(id, of: project) { return tenant.record }
        let written = try self.store.putTenant(id, of: project, initial: AuthTenant(id: id, project: project)) {
            (_: inout AuthTenant) throws(AuthError) in
        }
        try await self.store.waitUntilDurable(written.receipt)
        return written.value.record
    }

    /// `PATCH /v2/projects/{p}/tenants/{t}` (`updateTenant`), with an optional `updateMask`.
    func updateTenant(_ body: JSONObject, mask: [String]?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        let (project, id) = try Self.tenant(of: call)
        let written = try self.store.putTenant(id, of: project, initial: AuthTenant(id: id, project: project)) {
            (tenant: inout AuthTenant) throws(AuthError) in tenant.apply(body, mask: mask)
        }
        try await self.store.waitUntilDurable(written.receipt)
        return written.value.record
    }

    /// `DELETE /v2/projects/{p}/tenants/{t}` (`deleteTenant`): the tenant and its accounts.
    func deleteTenant(_ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        let (project, id) = try Self.tenant(of: call)
        let written = try self.store.deleteTenant(id, of: project)
        try await self.store.waitUntilDurable(written.receipt)
        return JSONObject()
    }

    /// The project and tenant a `/tenants/{t}` call names.
    private static func tenant(of call: AuthCall) throws(AuthError) -> (String, String) {
        guard let tenant = call.scope.tenant else { throw AuthError("MISSING_TENANT_ID") }
        return (call.scope.project, tenant)
    }
}
