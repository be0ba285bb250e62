import HearthFirestore

/// What a read that may begin a transaction answers: the results, and the transaction the
/// read began (`ReadConsistency.newTransaction`), which the client must be told.
struct ReadResults<Results: Sendable>: Sendable {
    var results: Results
    var transaction: TransactionID?
    /// Query Explain's report, when the request asked for it (RunQuery, RunAggregationQuery).
    var explain: ExplainMetrics?
}
