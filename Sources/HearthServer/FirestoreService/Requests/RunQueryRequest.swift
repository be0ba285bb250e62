import HearthFirestore

/// RunQuery: `query` (its `parent` already resolved), read as `consistency` says.
struct RunQueryRequest: Sendable, Hashable {
    var database: DatabaseID
    var query: Query
    var consistency: ReadConsistency = .latest
    /// Query Explain: nil for a plain query.
    var explain: ExplainOptions?
}
