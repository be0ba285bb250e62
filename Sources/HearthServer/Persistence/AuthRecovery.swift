import HearthAuth
import HearthJSON
import HearthStorage
import Logging

/// Rebuilds the Auth emulator's accounts, config and tenants from the data file at start-up
/// (what ``AuthStorageJournal`` wrote), before anything is served. Streams the records
/// (`DurableStore.scan`), one at a time.
enum AuthRecovery {
    /// - Returns: the number of accounts restored.
    /// - Throws: `StorageError` when reading fails, or ``DataTransferError`` naming a record
    ///   that is not an account, config or tenant Hearth wrote.
    @discardableResult
    static func restore(from storage: DurableStore, into store: AccountStore, logger: Logger) throws -> Int {
        var users: [(AuthScope, AuthUser)] = []
        var configs: [String: AuthConfig] = [:]
        var tenants: [String: [AuthTenant]] = [:]
        try storage.scan(namespacePrefix: AuthStorageJournal.prefix) { record in
            guard case .object(let object)? = try? JSONParser.parse(record.value) else {
                throw DataTransferError("The stored Auth record \(record.namespace)/\(record.key) is not a JSON object; the data file is damaged.")
            }
            do throws(AuthError) {
                if record.namespace == AuthStorageJournal.configNamespace {
                    configs[record.key] = try AuthConfig(record: object)
                } else if record.namespace.hasPrefix(AuthStorageJournal.tenantsPrefix) {
                    let project = String(record.namespace.dropFirst(AuthStorageJournal.tenantsPrefix.count))
                    tenants[project, default: []].append(AuthTenant(id: record.key, project: project, settings: object))
                } else if record.namespace.hasPrefix(AuthStorageJournal.usersPrefix) {
                    let path = record.namespace.dropFirst(AuthStorageJournal.usersPrefix.count)
                    let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
                    let tenant = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
                    users.append((try AuthScope(project: String(parts[0]), tenant: tenant), try AuthUser(record: object)))
                }
            } catch {
                throw DataTransferError("The stored Auth record \(record.namespace)/\(record.key) cannot be read: \(error.message)")
            }
        }
        store.restore(users: users, configs: configs, tenants: tenants)
        if !users.isEmpty { logger.info("Restored \(users.count) Auth account(s) from the data directory.") }
        return users.count
    }
}
