import HearthFirestore
import HearthRules

/// `get()`/`exists()` and `getAfter()`/`existsAfter()` over a live `DocumentStore`.
///
/// "After" reads see `pending`, the documents a batch or transaction is about to write (nil =
/// deleted), over the stored ones, as production's `getAfter` sees the whole batch committed.
/// Paths that are not documents of this store's database read as missing. Each call is one
/// store lookup (the evaluator caches repeats and enforces the per-request limits).
struct StoreDocumentLookup: DocumentLookup {
    let store: DocumentStore
    let pending: [DocumentPath: Document?]

    init(store: DocumentStore, pending: [DocumentPath: Document?] = [:]) {
        self.store = store
        self.pending = pending
    }

    func document(at path: [String], after: Bool) -> RuleDocument? {
        guard let documentPath = try? DocumentPath(segments: path) else { return nil }
        let document: Document?
        if after, let staged = self.pending[documentPath] {
            document = staged
        } else {
            document = self.store.document(at: documentPath)
        }
        return document.map { RuleDocument($0, in: self.store.database) }
    }
}
