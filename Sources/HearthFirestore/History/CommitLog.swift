/// The recent commits of one database with before- and after-images, oldest first.
///
/// Why: reads at a past `readTime` (read-only transactions, `readTime` parameters) are answered
/// by undoing the commits made since, and change listeners resume from it. Bounded by count
/// (`capacity`) so memory stays flat under sustained writes; `horizon` is the newest commit
/// time that was dropped, before which history can no longer be reconstructed. Appending is
/// amortised O(1); looking up a path's state at a time is O(commits since that time).
struct CommitLog: Sendable {
    private(set) var entries: [CommittedChanges] = []
    private var start = 0
    private(set) var horizon: Timestamp?
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The retained commits, oldest first.
    var retained: ArraySlice<CommittedChanges> { self.entries[self.start...] }

    mutating func append(_ commit: CommittedChanges) {
        guard !commit.changes.isEmpty else { return }
        self.entries.append(commit)
        if self.entries.count - self.start > self.capacity {
            self.horizon = self.entries[self.start].commitTime
            self.start += 1
            if self.start > self.capacity {
                self.entries.removeFirst(self.start)
                self.start = 0
            }
        }
    }

    /// Forgets the newest commit if it is the one at `commitTime` (it was undone).
    mutating func dropLast(commitTime: Timestamp) {
        if self.entries.count > self.start, self.entries.last?.commitTime == commitTime { self.entries.removeLast() }
    }

    mutating func removeAll(at time: Timestamp) {
        self.entries.removeAll()
        self.start = 0
        self.horizon = time
    }

    /// Throws FAILED_PRECONDITION if the state at `time` can no longer be reconstructed.
    func checkReachable(_ time: Timestamp) throws(FirestoreError) {
        if let horizon = self.horizon, time < horizon {
            throw .failedPrecondition(
                "readTime \(time.rfc3339) is older than the history Hearth keeps (the oldest reachable time is \(horizon.rfc3339)); read at a later time."
            )
        }
    }

    /// The commits made after `time`, newest first.
    func commits(after time: Timestamp) -> some Sequence<CommittedChanges> {
        self.retained.reversed().lazy.prefix { $0.commitTime > time }
    }

    /// The state at `time` of every document changed since then (nil = it did not exist).
    func statesAt(_ time: Timestamp) -> [DocumentPath: Document?] {
        var states: [DocumentPath: Document?] = [:]
        for commit in self.commits(after: time) {
            for change in commit.changes { states[change.path] = .some(change.before) }
        }
        return states
    }
}
