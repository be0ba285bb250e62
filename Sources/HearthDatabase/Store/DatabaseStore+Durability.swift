import Synchronization

extension DatabaseStore {
    /// Waits until the change with `receipt` (from ``DatabaseWriteResult/receipt``) is durable;
    /// only then may the write be acknowledged. Returns at once for an in-memory store.
    ///
    /// If it cannot be made durable, it is undone in memory with every change made after it
    /// (newest first, from before-images saved at commit), while reads keep working, as
    /// Firestore's `DocumentStore` does: later changes were built on its state, and the journal
    /// refuses them too (each is journalled `after` the one before it). The next write builds on
    /// what is durable, so writes succeed again once the cause is gone, with no restart.
    /// Listeners have already been told of the undone changes; they should be closed (their
    /// clients reconnect and get a fresh `put`).
    public func waitUntilDurable(_ receipt: DatabaseJournalReceipt?) async throws(DatabaseError) {
        guard let journal = self.journal, let receipt else { return }
        do {
            try await journal.waitUntilDurable(receipt)
        } catch {
            self.state.withLock { state in Self.undo(from: receipt, in: &state) }
            throw error
        }
        self.state.withLock { state in state.pending.removeAll { $0.receipt <= receipt } }
    }

    /// Undoes the change with `receipt` and every change after it, newest first; nothing if it
    /// was already undone (an earlier failure took it with it).
    private static func undo(from receipt: DatabaseJournalReceipt, in state: inout State) {
        guard state.pending.contains(where: { $0.receipt == receipt }) else { return }
        while let last = state.pending.last, last.receipt >= receipt {
            state.pending.removeLast()
            for image in last.undo.reversed() { state.root.set(image.before, at: image.path) }
        }
    }

    /// Hands a change to the journal and remembers it until durable. Called under the lock.
    func journal(_ change: DatabaseChange, undo: [(path: DatabasePath, before: DatabaseNode)], in state: inout State) -> DatabaseJournalReceipt? {
        guard let journal = self.journal else { return nil }
        let receipt = journal.enqueue(change, namespace: self.namespace, after: state.pending.last?.receipt)
        state.pending.append((receipt, undo))
        if state.pending.count > 4096 { state.pending.removeFirst(state.pending.count - 4096) }
        return receipt
    }
}
