/// What puts the store back as it was before one ``AuthChange``, if the journal cannot make
/// it durable (`PendingChanges` applies these newest first).
enum AuthUndo: Sendable {
    /// Accounts of a scope as they were (nil: did not exist).
    case users(AuthScope, [(localID: String, before: AuthUser?)])
    /// A whole scope's accounts as they were (after a clear or a tenant deletion).
    case scope(AuthScope, AccountIndex?)
    case config(project: String, AuthConfig?)
    case tenant(project: String, tenantID: String, AuthTenant?)
}
