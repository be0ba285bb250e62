/// The outcome of an atomic commit: one result per write, in order, and the commit time.
public struct CommitResult: Sendable, Hashable {
    public var commitTime: Timestamp
    public var writeResults: [WriteResult]
    /// The documents after the commit, one per write (nil where the write deleted it), so a
    /// caller can answer with the stored document without a second read.
    public var documents: [Document?]

    public init(commitTime: Timestamp, writeResults: [WriteResult], documents: [Document?]) {
        self.commitTime = commitTime
        self.writeResults = writeResults
        self.documents = documents
    }
}
