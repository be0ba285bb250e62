/// The documents a query returns, in order, and how many `offset` skipped.
public struct QueryResult: Sendable, Hashable {
    public var documents: [Document]
    /// `skippedResults` on the wire.
    public var skipped: Int
    /// The consistent point the query read at.
    public var readTime: Timestamp
    /// Index entries the query walked and documents it read to answer (Query Explain's
    /// `index_entries_scanned` and `documents_scanned`).
    public var indexEntriesScanned = 0
    public var documentsScanned = 0

    public init(documents: [Document], skipped: Int, readTime: Timestamp) {
        self.documents = documents
        self.skipped = skipped
        self.readTime = readTime
    }
}
