import Synchronization

extension DatabaseStore {
    /// Waits until the change with `receipt` (from ``DatabaseWriteResult/receipt``) is durable;
    /// only then may the write be acknowledged. Returns at once for an in-memory store.
    ///
    /// If it cannot be made durable, every change not yet durable is undone in memory (newest
    /// first, from before-images saved at commit) and the store refuses further writes until
    /// restart, while reads keep working, as Firestore's `DocumentStore` does: later changes
    /// were built on state that will not survive. Listeners have already been told of the
    /// undone changes; they should be closed (their clients reconnect and get a fresh `put`).
    public func waitUntilDurable(_ receipt: DatabaseJournalReceipt?) async throws(DatabaseError) {
        guard let journal = self.journal, let receipt else { return }
        do {
            try await journal.waitUntilDurable(receipt)
        } catch {
            self.state.withLock { state in
                if state.writeFailure == nil { state.writeFailure = error }
                Self.undo(from: receipt, in: &state)
            }
            throw error
        }
        self.state.withLock { state in state.pending.removeAll { $0.receipt <= receipt } }
    }

    /// Whether writes are still accepted (false after a journal failure).
    public var isWritable: Bool {
        self.state.withLock { $0.writeFailure == nil }
    }

    private static func undo(from receipt: DatabaseJournalReceipt, in state: inout State) {
        while let last = state.pending.last, last.receipt >= receipt {
            state.pending.removeLast()
            for image in last.undo.reversed() { state.root.set(image.before, at: image.path) }
        }
    }

    /// Rejects writes once the journal has failed.
    func checkWritable(_ state: State) throws(DatabaseError) {
        if let failure = state.writeFailure {
            throw .unavailable(
                "Writes are disabled because an earlier write could not be saved: \(failure.message) Reads keep working; fix the cause and restart hearth.")
        }
    }

    /// Hands a change to the journal and remembers it until durable. Called under the lock.
    func journal(_ change: DatabaseChange, undo: [(path: DatabasePath, before: DatabaseNode)], in state: inout State) -> DatabaseJournalReceipt? {
        guard let journal = self.journal else { return nil }
        let receipt = journal.enqueue(change, namespace: self.namespace)
        state.pending.append((receipt, undo))
        if state.pending.count > 4096 { state.pending.removeFirst(state.pending.count - 4096) }
        return receipt
    }
}
