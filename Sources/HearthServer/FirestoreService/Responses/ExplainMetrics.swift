import HearthFirestore

/// Query Explain's answer (`explain_metrics`), carried by the last response of a RunQuery or
/// RunAggregationQuery that asked for it: the plan (the index walked) and, when the query ran
/// (`analyze`), what running it took.
///
/// The counts follow production's billing rules as its report documents them: a query reads
/// one operation per document returned and at least one; an aggregation one per 1,000 index
/// entries scanned and at least one. Hearth bills nothing; the figures show a developer what
/// the query would cost and how much of the index it walks.
struct ExplainMetrics: Sendable, Hashable {
    var indexesUsed: [QueryIndexUsage]
    /// Nil for a plan only (`analyze` false): the query was not run.
    var execution: Execution?

    /// Whether this is the whole answer: the query was planned, not run, so no results or read
    /// time go with it.
    var isPlanOnly: Bool { self.execution == nil }

    struct Execution: Sendable, Hashable {
        var resultsReturned: Int
        /// Nanoseconds the store took to run the query.
        var duration: Int64
        var readOperations: Int
        var indexEntriesScanned: Int
        var documentsScanned: Int
        var documentsBillable: Int
        var indexEntriesBillable: Int
        /// Production's minimum charge of one read for a query that returned nothing.
        var minimumQueryCost: Int

        /// A RunQuery's execution: one read per document returned.
        static func query(_ result: QueryResult, duration: Int64) -> Execution {
            let returned = result.documents.count
            return Execution(
                resultsReturned: returned, duration: duration, readOperations: max(1, returned),
                indexEntriesScanned: result.indexEntriesScanned, documentsScanned: result.documentsScanned,
                documentsBillable: returned, indexEntriesBillable: 0, minimumQueryCost: returned == 0 ? 1 : 0)
        }

        /// A RunAggregationQuery's execution: one result; one read per 1,000 index entries.
        static func aggregation(_ result: QueryResult, duration: Int64) -> Execution {
            let entries = result.indexEntriesScanned
            let reads = (entries + 999) / 1000
            return Execution(
                resultsReturned: 1, duration: duration, readOperations: max(1, reads),
                indexEntriesScanned: entries, documentsScanned: result.documentsScanned,
                documentsBillable: 0, indexEntriesBillable: entries, minimumQueryCost: reads == 0 ? 1 : 0)
        }
    }

    /// The plan of `query`, and its execution when it ran.
    init(planning query: Query, execution: Execution? = nil) {
        self.indexesUsed = [QueryIndexUsage(planning: query)]
        self.execution = execution
    }

    /// `debug_stats` without `billing_details`, as production names them (values are strings).
    static func debugStats(_ execution: Execution) -> [(String, String)] {
        [("index_entries_scanned", String(execution.indexEntriesScanned)), ("documents_scanned", String(execution.documentsScanned))]
    }

    /// `debug_stats.billing_details`.
    static func billingDetails(_ execution: Execution) -> [(String, String)] {
        [
            ("documents_billable", String(execution.documentsBillable)), ("index_entries_billable", String(execution.indexEntriesBillable)),
            ("small_ops", "0"), ("min_query_cost", String(execution.minimumQueryCost)),
        ]
    }
}
