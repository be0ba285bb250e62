import HearthFirestore

/// Commit's answer: one result per write, in order, and the commit's time.
struct CommitResponse: Sendable, Hashable {
    var writeResults: [WriteResult]
    var commitTime: Timestamp
}
