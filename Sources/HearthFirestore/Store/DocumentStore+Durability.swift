import HearthCore
import Synchronization

extension DocumentStore {
    /// Waits until the commit with `receipt` (from `CommitResult.receipt`) is durable; only then
    /// may it be acknowledged. Returns at once for an in-memory store or a no-op commit.
    ///
    /// If it cannot be made durable, it is undone in memory with every commit made after it
    /// (newest first, from the commit log's before-images; `Journal.waitUntilDurable(_:undo:forget:)`
    /// says why), and listeners get a reset. O(1) when durable; O(pending + undone changes) on failure.
    public func waitUntilDurable(_ receipt: JournalReceipt?) async throws(FirestoreError) {
        guard let journal = self.journal else { return }
        try await journal.waitUntilDurable(
            receipt,
            undo: { receipt in
                self.state.withLock { state in
                    guard let undone = state.pending.undo(from: receipt) else { return }
                    for commit in undone { Self.undo(commit, in: &state) }
                    self.publishUndo(in: &state)
                }
            },
            // Firestore keeps durable commits pending until the bound drops them, so the next
            // commit is journalled after the newest durable one (`DurabilityFailureTests` pins
            // this); the Realtime Database forgets them. Both are the same on disk: an entry
            // built on a durable one cannot be refused for it.
            forget: { _ in }
        )
    }

    /// Puts back what `commit` changed (its before-images) and drops it from the commit log.
    private static func undo(_ commit: CommittedChanges, in state: inout State) {
        for change in commit.changes.reversed() {
            if let before = change.before { state.tree.put(before) } else { state.tree.remove(change.path) }
        }
        state.log.dropLast(commitTime: commit.commitTime)
    }

    /// Hands `entry` to the journal, after the newest commit not undone, and keeps `changes` to
    /// undo it with. Called under the lock.
    func journal(_ entry: JournalEntry, changes: CommittedChanges, in state: inout State) -> JournalReceipt? {
        guard let journal = self.journal else { return nil }
        return state.pending.append(entry, undo: changes, to: journal)
    }
}
