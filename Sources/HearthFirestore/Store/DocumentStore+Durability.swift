import Synchronization

extension DocumentStore {
    /// Waits until the commit with `receipt` (from `CommitResult.receipt`) is durable; only then
    /// may it be acknowledged. Returns at once for an in-memory store or a no-op commit.
    ///
    /// If it cannot be made durable, every commit not yet durable is undone in memory (newest
    /// first, from the commit log's before-images) and the store refuses further writes with
    /// UNAVAILABLE until restart, while reads keep working. Why that strict: the journal fails
    /// every entry queued after a failure, so later commits were built on state that will not
    /// survive; serving them would let memory and disk disagree. O(1) when durable; O(undone
    /// changes) on failure.
    public func waitUntilDurable(_ receipt: JournalReceipt?) async throws(FirestoreError) {
        guard let journal = self.journal, let receipt else { return }
        do {
            try await journal.waitUntilDurable(receipt)
        } catch {
            self.state.withLock { state in
                if state.writeFailure == nil { state.writeFailure = error }
                Self.undo(from: receipt, in: &state)
                self.publishUndo(in: &state)
            }
            throw error
        }
    }

    /// Undoes every commit whose receipt is at or after `receipt`, newest first.
    private static func undo(from receipt: JournalReceipt, in state: inout State) {
        while let last = state.pending.last, last.receipt >= receipt {
            state.pending.removeLast()
            for change in last.changes.changes.reversed() {
                if let before = change.before { state.tree.put(before) } else { state.tree.remove(change.path) }
            }
            state.log.dropLast(commitTime: last.changes.commitTime)
        }
    }

    /// Rejects writes once the journal has failed: the data on disk is intact and the store
    /// keeps serving reads, but nothing more can be made durable until the cause is fixed.
    func checkWritable(_ state: State) throws(FirestoreError) {
        if let failure = state.writeFailure {
            throw .unavailable("Writes are disabled because an earlier write could not be saved: \(failure.message) Reads keep working; fix the cause and restart hearth.")
        }
    }

    /// Records a commit as awaiting durability; forgets those already durable. Called under the lock.
    func journal(_ entry: JournalEntry, changes: CommittedChanges, in state: inout State) -> JournalReceipt? {
        guard let journal = self.journal else { return nil }
        let receipt = journal.enqueue(entry)
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
