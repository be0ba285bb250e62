import HearthAuth
import HearthCore
import HearthJSON
import HearthStorage

/// The Auth emulator's changes, made durable in the embedded database through the one
/// journal mechanism every product uses (`DurableStore.enqueue`, group commit).
///
/// Layout: each scope's accounts in namespace `auth/users/<project>/<tenant>` (the tenant
/// empty for the project's own), keyed by local id, valued by the account's `UserInfo` JSON
/// (``AuthUser/record``, the same bytes an export holds); each project's config in
/// `auth/config` keyed by project; tenants in `auth/tenants/<project>` keyed by tenant id.
/// A change is one storage batch: all-or-nothing on disk. ``AuthRecovery`` reads it back.
struct AuthStorageJournal: Journal {
    let storage: DurableStore

    static let prefix = "auth/"
    static let usersPrefix = "auth/users/"
    static let configNamespace = "auth/config"
    static let tenantsPrefix = "auth/tenants/"

    static func usersNamespace(_ scope: AuthScope) -> String { Self.usersPrefix + scope.project + "/" + (scope.tenant ?? "") }

    func enqueue(_ entry: AuthChange, after: AuthJournalReceipt?) -> AuthJournalReceipt {
        self.storage.enqueue(entry.operations.flatMap(Self.operations), after: after)
    }

    func waitUntilDurable(_ receipt: AuthJournalReceipt) async throws(AuthError) {
        try await self.storage.waitUntilDurable(receipt, unavailable: AuthError.unavailable)
    }

    static func operations(_ operation: AuthChange.Operation) -> [StorageOperation] {
        switch operation {
        case .putUser(let scope, let user):
            [.put(namespace: Self.usersNamespace(scope), key: user.localID, value: JSONValue.object(user.record).serialized())]
        case .deleteUser(let scope, let localID):
            [.delete(namespace: Self.usersNamespace(scope), key: localID)]
        case .clearUsers(let scope):
            [.deleteNamespace(Self.usersNamespace(scope))]
        case .putConfig(let project, let config):
            [.put(namespace: Self.configNamespace, key: project, value: JSONValue.object(config.record).serialized())]
        case .putTenant(let project, let tenant):
            [.put(namespace: Self.tenantsPrefix + project, key: tenant.id, value: JSONValue.object(tenant.record).serialized())]
        case .deleteTenant(let project, let tenantID):
            // The tenant's accounts go with it, in the same batch.
            [
                .delete(namespace: Self.tenantsPrefix + project, key: tenantID),
                .deleteNamespace(Self.usersPrefix + project + "/" + tenantID),
            ]
        }
    }
}
