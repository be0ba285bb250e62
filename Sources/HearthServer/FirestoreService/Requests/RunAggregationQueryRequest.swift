import HearthFirestore

/// RunAggregationQuery: `aggregations` over the documents of `query`.
struct RunAggregationQueryRequest: Sendable, Hashable {
    var database: DatabaseID
    var query: Query
    var aggregations: [Aggregation]
    var consistency: ReadConsistency = .latest
    /// Query Explain: nil for a plain query.
    var explain: ExplainOptions?
}
