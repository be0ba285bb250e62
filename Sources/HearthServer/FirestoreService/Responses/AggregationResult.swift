import HearthFirestore

/// RunAggregationQuery's answer: each aggregate by alias, in request order, and the read time.
struct AggregationResult: Sendable, Hashable {
    var aggregates: [Aggregate]
    var readTime: Timestamp
}
