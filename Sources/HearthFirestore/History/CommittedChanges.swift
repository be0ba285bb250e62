/// Everything one commit changed, in the order the writes named the documents.
public struct CommittedChanges: Sendable, Hashable {
    public var commitTime: Timestamp
    public var changes: [DocumentChange]

    public init(commitTime: Timestamp, changes: [DocumentChange]) {
        self.commitTime = commitTime
        self.changes = changes
    }
}
