public import HearthCore
import Synchronization

/// The Auth emulator's state: every scope's accounts (a project's own, and each tenant's),
/// each project's config and tenants, and the codes waiting to be used; safe from any task.
///
/// Why a `Mutex` and not an actor (as `DatabaseStore`): every operation is a short
/// synchronous critical section (a few dictionary look-ups and one insert) arriving on many
/// event-loop threads, and the identity provider asks about an account on every request that
/// carries an ID token, on the event loop, where it must not suspend. Nothing awaits under
/// the lock. Each write hands its ``AuthChange`` to the journal under the lock, so the
/// journal sees changes in the order readers do; the caller acknowledges once
/// ``waitUntilDurable(_:)`` returns, and a change that cannot be made durable is undone.
public final class AccountStore: Sendable {
    public typealias AuthJournal = any Journal<AuthChange, AuthJournalReceipt, AuthError>

    let state: Mutex<State>
    /// Where changes go to become durable; nil for `--in-memory`.
    let journal: AuthJournal?
    /// Milliseconds since the epoch: `createdAt`, `lastLoginAt`, token `iat`.
    public let now: @Sendable () -> Int64
    /// Told when an account's standing tightened (see ``addStandingObserver(_:)``).
    private let standingObservers = Mutex<[@Sendable () -> Void]>([])

    struct State: Sendable {
        var scopes: [AuthScope: AccountIndex] = [:]
        var configs: [String: AuthConfig] = [:]
        /// Project → tenant id → tenant.
        var tenants: [String: [String: AuthTenant]] = [:]
        var codes: [AuthScope: CodeBook] = [:]
        var pending = PendingChanges<AuthJournalReceipt, [AuthUndo]>()
    }

    /// - Parameters:
    ///   - journal: nil keeps everything in memory.
    ///   - now: the wall clock in epoch milliseconds (injectable for tests).
    public init(journal: AuthJournal? = nil, now: @escaping @Sendable () -> Int64) {
        self.journal = journal
        self.now = now
        self.state = Mutex(State())
    }

    // MARK: Reading

    /// Runs `body` on the accounts of `scope` (empty when it has none yet), under the lock.
    public func read<T>(_ scope: AuthScope, _ body: (AccountIndex) throws(AuthError) -> T) throws(AuthError) -> T {
        try self.state.withLock { (state: inout State) throws(AuthError) -> T in try body(state.scopes[scope] ?? AccountIndex()) }
    }

    /// The account `localID` of `scope`.
    public func user(_ localID: String, in scope: AuthScope) -> AuthUser? {
        self.state.withLock { $0.scopes[scope]?.user(localID) }
    }

    /// The settings of `project` (the defaults until changed).
    public func config(of project: String) -> AuthConfig {
        self.state.withLock { $0.configs[project] ?? AuthConfig() }
    }

    /// Every project whose settings were changed, for export.
    public var configuredProjects: [String] {
        self.state.withLock { Array($0.configs.keys).sorted() }
    }

    /// Every scope that holds accounts, for export.
    public var scopes: [AuthScope] {
        self.state.withLock { Array($0.scopes.keys) }
    }

    // MARK: Writing accounts

    /// Runs `body` as one transaction on the accounts of `scope`: its writes become one
    /// journalled ``AuthChange``; if it throws, nothing is changed. A tenant scope whose tenant
    /// does not exist is created with every sign-in method enabled (the emulator's
    /// `getTenantProject`), durably with the transaction.
    /// - Throws: whatever `body` throws.
    public func write<T: Sendable>(
        _ scope: AuthScope, _ body: (inout AccountTransaction) throws(AuthError) -> T
    ) throws(AuthError) -> AuthWrite<T> {
        let (write, tightened) = try self.state.withLock { (state: inout State) throws(AuthError) -> (AuthWrite<T>, Bool) in
            var operations: [AuthChange.Operation] = []
            var undo: [AuthUndo] = []
            var tenant: AuthTenant?
            if let tenantID = scope.tenant {
                tenant = state.tenants[scope.project]?[tenantID]
                if tenant == nil {
                    let created = AuthTenant(id: tenantID, project: scope.project)
                    tenant = created
                    operations.append(.putTenant(project: scope.project, created))
                    undo.append(.tenant(project: scope.project, tenantID: tenantID, nil))
                }
            }
            var transaction = AccountTransaction(
                scope: scope, config: state.configs[scope.project] ?? AuthConfig(), tenant: tenant, now: self.now(),
                index: state.scopes.removeValue(forKey: scope) ?? AccountIndex())
            let value: T
            do throws(AuthError) {
                value = try body(&transaction)
            } catch {
                state.scopes[scope] = transaction.rolledBack()
                throw error
            }
            operations += transaction.change
            undo.append(.users(scope, transaction.beforeImages))
            state.scopes[scope] = transaction.index
            if let tenant, operations.contains(where: { if case .putTenant = $0 { true } else { false } }) {
                state.tenants[scope.project, default: [:]][tenant.id] = tenant
            }
            return (AuthWrite(value: value, receipt: self.journal(operations, undo: undo, in: &state)), transaction.tightensStanding)
        }
        if tightened {
            for observer in self.standingObservers.withLock({ $0 }) { observer() }
        }
        return write
    }

    /// Calls `observer` after every write that may have made an ID token refused that was
    /// accepted before (``AccountTransaction/tightensStanding``): a user disabled, tokens
    /// revoked. Open realtime streams and sockets re-check their credential then, rather than
    /// each polling the store. Called outside the store's lock, on the writer's thread, after
    /// the change is visible (before it is durable, as readers see it); it must not block.
    public func addStandingObserver(_ observer: @escaping @Sendable () -> Void) {
        self.standingObservers.withLock { $0.append(observer) }
    }

    /// Removes every account of `scope` (`DELETE /emulator/v1/projects/{p}/accounts`).
    public func removeAll(in scope: AuthScope) -> AuthWrite<Void> {
        self.state.withLock { state in
            let before = state.scopes.removeValue(forKey: scope)
            guard before != nil else { return AuthWrite(value: (), receipt: nil) }
            return AuthWrite(value: (), receipt: self.journal([.clearUsers(scope)], undo: [.scope(scope, before)], in: &state))
        }
    }

    // MARK: Config and tenants

    /// Changes `project`'s settings with `body`; returns them as they now are.
    public func updateConfig(
        of project: String, _ body: (inout AuthConfig) throws(AuthError) -> Void
    ) throws(AuthError) -> AuthWrite<AuthConfig> {
        try self.state.withLock { (state: inout State) throws(AuthError) -> AuthWrite<AuthConfig> in
            let before = state.configs[project]
            var config = before ?? AuthConfig()
            try body(&config)
            state.configs[project] = config
            let receipt = self.journal([.putConfig(project: project, config)], undo: [.config(project: project, before)], in: &state)
            return AuthWrite(value: config, receipt: receipt)
        }
    }

    /// The tenants of `project`, by id.
    public func tenants(of project: String) -> [AuthTenant] {
        self.state.withLock { ($0.tenants[project] ?? [:]).values.sorted { $0.id < $1.id } }
    }

    public func tenant(_ id: String, of project: String) -> AuthTenant? {
        self.state.withLock { $0.tenants[project]?[id] }
    }

    /// Creates or replaces the tenant `id` of `project` with `body`'s changes to it (a new
    /// tenant starts from `initial`).
    public func putTenant(
        _ id: String, of project: String, initial: AuthTenant, _ body: (inout AuthTenant) throws(AuthError) -> Void
    ) throws(AuthError) -> AuthWrite<AuthTenant> {
        try self.state.withLock { (state: inout State) throws(AuthError) -> AuthWrite<AuthTenant> in
            let before = state.tenants[project]?[id]
            var tenant = before ?? initial
            try body(&tenant)
            state.tenants[project, default: [:]][id] = tenant
            let receipt = self.journal(
                [.putTenant(project: project, tenant)], undo: [.tenant(project: project, tenantID: id, before)], in: &state)
            return AuthWrite(value: tenant, receipt: receipt)
        }
    }

    /// Removes the tenant and all its accounts.
    /// - Throws: `TENANT_NOT_FOUND` when it does not exist.
    public func deleteTenant(_ id: String, of project: String) throws(AuthError) -> AuthWrite<Void> {
        try self.state.withLock { (state: inout State) throws(AuthError) -> AuthWrite<Void> in
            guard let before = state.tenants[project]?.removeValue(forKey: id) else { throw AuthError("TENANT_NOT_FOUND") }
            let scope = try AuthScope(project: project, tenant: id)
            let accounts = state.scopes.removeValue(forKey: scope)
            let receipt = self.journal(
                [.deleteTenant(project: project, tenantID: id)],
                undo: [.scope(scope, accounts), .tenant(project: project, tenantID: id, before)], in: &state)
            return AuthWrite(value: (), receipt: receipt)
        }
    }
}
