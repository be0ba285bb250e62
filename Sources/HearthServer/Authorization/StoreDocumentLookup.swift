import HearthFirestore
import HearthRules

/// `get()`/`exists()` and `getAfter()`/`existsAfter()` for rules, over the store.
///
/// Reads of a single request go to the live store; a commit's review reads the state the
/// commit sees under the store lock (before) and the whole commit applied (after), as
/// production's `getAfter` sees the whole batch. Paths that are not documents read as
/// missing. Each call is one dictionary lookup (the evaluator caches repeats and enforces
/// the per-request limits).
///
/// One closure and nothing else, so the value fits an existential's inline buffer: the
/// evaluator holds it as `any DocumentLookup`, and a larger value would be boxed, one
/// allocation per evaluation. The live store's closure captures only the store (no context
/// allocation either).
struct StoreDocumentLookup: DocumentLookup {
    private let read: @Sendable (DocumentPath, _ after: Bool) -> RuleDocument?

    /// Reads the live store; "after" equals "before" (nothing is being written).
    init(store: DocumentStore) {
        self.read = { path, _ in store.document(at: path).map { RuleDocument($0, in: store.database) } }
    }

    /// Reads a commit's review (must only be used inside the review callback).
    init(review: CommitReview, database: DatabaseID) {
        self.read = { path, after in review.document(at: path, after: after).map { RuleDocument($0, in: database) } }
    }

    func document(at path: [String], after: Bool) -> RuleDocument? {
        guard let documentPath = try? DocumentPath(segments: path) else { return nil }
        return self.read(documentPath, after)
    }
}
