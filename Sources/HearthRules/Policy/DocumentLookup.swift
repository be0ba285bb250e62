/// How rules read other documents (`get`, `exists`, `getAfter`, `existsAfter`) without
/// importing a store: the server implements this over its store, tests over a dictionary.
public protocol DocumentLookup: Sendable {
    /// The document at `path` (segments after `/databases/{db}/documents`), before
    /// (`after == false`) or as if the request's writes had committed (`after == true`);
    /// nil if missing. Called at most once per distinct (path, after) per request.
    func document(at path: [String], after: Bool) -> RuleDocument?
}
