public import HearthFirestore

/// The request a rules test case makes, already in the store's terms, so the runner drives
/// exactly the authorization code the server runs for the same REST call.
public enum RulesTestOperation: Sendable {
    /// GetDocument: `get` on one document (missing documents are `resource == null`).
    case get(DocumentPath)
    /// RunQuery: `list`, judged from the query's constraints ("rules are not filters").
    case list(Query)
    /// Commit: one write (create, set, merge, update, delete) or a batch of them, each judged
    /// as `create`/`update`/`delete`, with `getAfter()` seeing the whole batch.
    case commit([Write])
}
