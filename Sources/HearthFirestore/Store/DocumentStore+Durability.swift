import Synchronization

extension DocumentStore {
    /// Waits until the commit with `receipt` (from `CommitResult.receipt`) is durable; only then
    /// may it be acknowledged. Returns at once for an in-memory store or a no-op commit.
    ///
    /// If it cannot be made durable, it is undone in memory with every commit made after it
    /// (newest first, from the commit log's before-images), while reads keep working. Those later
    /// commits were built on its state, so the journal refuses them too: each is journalled
    /// `after` the one before it. The next commit builds on what is durable, so writes succeed
    /// again as soon as the cause (a full disk) is gone, with no restart. O(1) when durable;
    /// O(pending + undone changes) on failure.
    public func waitUntilDurable(_ receipt: JournalReceipt?) async throws(FirestoreError) {
        guard let journal = self.journal, let receipt else { return }
        do {
            try await journal.waitUntilDurable(receipt)
        } catch {
            self.state.withLock { state in
                if Self.undo(from: receipt, in: &state) {
                    self.publishUndo(in: &state)
                }
            }
            throw error
        }
    }

    /// Undoes the commit with `receipt` and every commit after it, newest first; nothing if it
    /// was already undone (an earlier failure took it with it). Returns whether anything was.
    private static func undo(from receipt: JournalReceipt, in state: inout State) -> Bool {
        guard state.pending.contains(where: { $0.receipt == receipt }) else { return false }
        while let last = state.pending.last, last.receipt >= receipt {
            state.pending.removeLast()
            for change in last.changes.changes.reversed() {
                if let before = change.before { state.tree.put(before) } else { state.tree.remove(change.path) }
            }
            state.log.dropLast(commitTime: last.changes.commitTime)
        }
        return true
    }

    /// Records a commit as awaiting durability; forgets those already durable. Called under the lock.
    func journal(_ entry: JournalEntry, changes: CommittedChanges, in state: inout State) -> JournalReceipt? {
        guard let journal = self.journal else { return nil }
        // Journalled after the newest commit not undone: if that one fails, this one (built on
        // it) must not reach the disk.
        let receipt = journal.enqueue(entry, after: state.pending.last?.receipt)
        state.pending.append(PendingCommit(receipt: receipt, changes: changes))
        if state.pending.count > 4096 { state.pending.removeFirst(state.pending.count - 4096) }
        return receipt
    }
}

/// A commit applied in memory whose durability is not yet known.
struct PendingCommit: Sendable {
    let receipt: JournalReceipt
    let changes: CommittedChanges
}
