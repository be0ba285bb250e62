/// The outcome of an atomic commit: one result per write, in order, and the commit time.
public struct CommitResult: Sendable, Hashable {
    public var commitTime: Timestamp
    public var writeResults: [WriteResult]
    /// The documents after the commit, one per write (nil where the write deleted it), so a
    /// caller can answer with the stored document without a second read.
    public var documents: [Document?]
    /// Where the commit sits in the journal: pass it to `DocumentStore.waitUntilDurable` before
    /// acknowledging. nil for an in-memory store or a commit that changed nothing.
    public var receipt: JournalReceipt?

    public init(commitTime: Timestamp, writeResults: [WriteResult], documents: [Document?], receipt: JournalReceipt? = nil) {
        self.commitTime = commitTime
        self.writeResults = writeResults
        self.documents = documents
        self.receipt = receipt
    }
}
