/// What a listener learns at one point in time: the changes since its previous snapshot.
///
/// One snapshot per commit that changes the target's result, so a multi-document commit is
/// seen atomically, as Firestore's watch stream delivers a consistent snapshot per read time.
/// `readTime` doubles as the resume token (`id:` of the SSE event): resuming after it yields
/// exactly the commits made after it.
public struct ListenSnapshot: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The first snapshot of a new listener: every document of the result as `added`.
        case initial
        /// The changes since the listener's previous snapshot.
        case delta
        /// A full snapshot replacing whatever the listener had (every document as `added`): sent
        /// when a resume token is too old or unknown, and after a failed commit was undone.
        case reset
    }

    public var kind: Kind
    /// The time the snapshot is consistent at: the commit time for a commit's delta.
    public var readTime: Timestamp
    /// Removed first, then added, then modified, each group in query order (see `ListenChange`).
    public var changes: [ListenChange]
    /// How many documents the result holds after the changes.
    public var size: Int

    public init(kind: Kind, readTime: Timestamp, changes: [ListenChange], size: Int) {
        self.kind = kind
        self.readTime = readTime
        self.changes = changes
        self.size = size
    }

    /// The token a reconnecting client sends back (`Last-Event-ID`) to resume after this snapshot.
    public var resumeToken: Timestamp { self.readTime }

    /// A full snapshot of `documents` (in result order): every document added, in order.
    static func full(_ kind: Kind, of documents: [Document], at readTime: Timestamp) -> ListenSnapshot {
        let changes = documents.enumerated().map { ListenChange(kind: .added, document: $1, oldIndex: -1, newIndex: $0) }
        return ListenSnapshot(kind: kind, readTime: readTime, changes: changes, size: documents.count)
    }
}
