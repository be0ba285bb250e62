/// One durable unit of change of the Auth emulator's state, as the store hands it to its
/// journal: every account written or removed by one request, and config and tenant changes.
/// All-or-nothing on disk.
public struct AuthChange: Sendable {
    public enum Operation: Sendable {
        /// The account as it now is (created or changed).
        case putUser(AuthScope, AuthUser)
        case deleteUser(AuthScope, localID: String)
        /// Every account of the scope removed (`DELETE /emulator/v1/projects/{p}/accounts`).
        case clearUsers(AuthScope)
        case putConfig(project: String, AuthConfig)
        case putTenant(project: String, AuthTenant)
        /// The tenant and all its accounts removed.
        case deleteTenant(project: String, tenantID: String)
    }

    public var operations: [Operation]

    public init(_ operations: [Operation]) {
        self.operations = operations
    }
}
