/// A commit's writes as they will land, offered to an authorizer (security rules) under the
/// store lock after every write is staged and validated, and before anything is applied.
///
/// Why here: production evaluates each write of a batch with `getAfter()` seeing the whole
/// batch applied and `get()` the state before it; doing this under the same lock as the
/// commit means no other write can change either state between the verdict and the commit.
/// Reading through the review costs one dictionary lookup per document.
public struct CommitReview: Sendable {
    /// One write with the document it applies to and the document it produces.
    public struct Item: Sendable {
        public let write: Write
        /// The document this write sees (the stored one, or an earlier write's of the same
        /// commit); nil if missing.
        public let before: Document?
        /// The document after this write (nil when deleted); for `verify`, the current one.
        public let after: Document?
    }

    public let items: [Item]
    let tree: DocumentTree
    let staged: [DocumentPath: Document?]

    /// A document before the commit (`after == false`) or as if the whole commit had landed.
    public func document(at path: DocumentPath, after: Bool) -> Document? {
        if after, let staged = self.staged[path] { return staged }
        return self.tree.document(at: path)
    }
}

/// Decides whether a commit may proceed; throws (typically PERMISSION_DENIED) to reject it
/// with nothing applied. Called under the store lock: it must not touch the store.
public typealias CommitReviewer = (CommitReview) throws(FirestoreError) -> Void
