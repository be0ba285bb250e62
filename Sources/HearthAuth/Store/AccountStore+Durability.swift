import HearthCore
import Synchronization

extension AccountStore {
    /// Waits until the change with `receipt` is durable; only then may the request that made
    /// it be answered. Returns at once for an in-memory store or a request that wrote nothing.
    ///
    /// If the change cannot be made durable it is undone in memory with every change made
    /// after it, newest first (`Journal.waitUntilDurable(_:undo:forget:)` says why).
    /// - Throws: the journal's `AuthError` (503, `UNAVAILABLE`).
    public func waitUntilDurable(_ receipt: AuthJournalReceipt?) async throws(AuthError) {
        guard let journal = self.journal else { return }
        try await journal.waitUntilDurable(
            receipt,
            undo: { receipt in
                self.state.withLock { state in
                    for step in state.pending.undoSteps(from: receipt) { Self.apply(step, to: &state) }
                }
            },
            forget: { receipt in self.state.withLock { $0.pending.forget(through: receipt) } }
        )
    }

    /// Hands `operations` to the journal and remembers `undo` until they are durable. Under the lock.
    func journal(_ operations: [AuthChange.Operation], undo: [AuthUndo], in state: inout State) -> AuthJournalReceipt? {
        guard let journal = self.journal, !operations.isEmpty else { return nil }
        return state.pending.append(AuthChange(operations), undo: undo, to: journal)
    }

    private static func apply(_ undo: AuthUndo, to state: inout State) {
        switch undo {
        case .users(let scope, let images):
            var index = state.scopes.removeValue(forKey: scope) ?? AccountIndex()
            for image in images.reversed() {
                if let before = image.before { index.insert(before) } else { index.remove(image.localID) }
            }
            state.scopes[scope] = index
        case .scope(let scope, let index):
            state.scopes[scope] = index
        case .config(let project, let config):
            state.configs[project] = config
        case .tenant(let project, let tenantID, let tenant):
            state.tenants[project, default: [:]][tenantID] = tenant
        }
    }

    /// Loads what recovery or an import read, replacing what is there: nothing is journalled.
    /// For start-up, before anything is served.
    public func restore(users: [(AuthScope, AuthUser)], configs: [String: AuthConfig], tenants: [String: [AuthTenant]]) {
        self.state.withLock { state in
            for (scope, user) in users { state.scopes[scope, default: AccountIndex()].insert(user) }
            for (project, config) in configs { state.configs[project] = config }
            for (project, list) in tenants {
                for tenant in list { state.tenants[project, default: [:]][tenant.id] = tenant }
            }
        }
    }
}
