import HearthCore
import Synchronization

extension DatabaseStore {
    /// Waits until the change with `receipt` (from ``DatabaseWriteResult/receipt``) is durable;
    /// only then may the write be acknowledged. Returns at once for an in-memory store.
    ///
    /// If it cannot be made durable, it is undone in memory with every change made after it
    /// (newest first, from before-images saved at commit; `Journal.waitUntilDurable(_:undo:forget:)`
    /// says why). Listeners have already been told of the undone changes; they should be
    /// closed (their clients reconnect and get a fresh `put`).
    public func waitUntilDurable(_ receipt: DatabaseJournalReceipt?) async throws(DatabaseError) {
        guard let journal = self.journal else { return }
        try await NamespaceJournal(journal: journal, namespace: self.namespace).waitUntilDurable(
            receipt,
            undo: { receipt in
                self.state.withLock { state in
                    for image in state.pending.undoSteps(from: receipt) { state.root.set(image.before, at: image.path) }
                }
            },
            forget: { receipt in self.state.withLock { $0.pending.forget(through: receipt) } }
        )
    }

    /// Hands a change to the journal and remembers how to undo it until durable. Called under the lock.
    func journal(_ change: DatabaseChange, undo: [(path: DatabasePath, before: DatabaseNode)], in state: inout State) -> DatabaseJournalReceipt? {
        guard let journal = self.journal else { return nil }
        return state.pending.append(change, undo: undo, to: NamespaceJournal(journal: journal, namespace: self.namespace))
    }
}
