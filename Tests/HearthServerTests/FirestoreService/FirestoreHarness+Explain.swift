import HearthFirestore
import HearthHTTP
import HearthJSON

@testable import HearthServer

extension FirestoreHarness {
    /// What Query Explain reported, from either driver: the IDs returned, the indexes' properties,
    /// and, when the query ran, its counts.
    struct Explained: Sendable, Equatable {
        var ids: [String]
        var indexes: [String]
        /// results returned, read operations, index entries scanned, documents scanned.
        var counts: [Int]?
    }

    /// RunQuery (or a count, `aggregate`) on a root collection where `field == value`, with
    /// `explain_options` (`analyze` as given).
    func explain(
        _ collection: String, where field: String, is value: String, limit: Int? = nil, aggregate: Bool = false, analyze: Bool,
        as caller: TestCaller
    ) async throws -> Explained {
        switch self.driver {
        case .service:
            let query = try Query(collectionID: collection, filter: .field(FieldPath(field), .equal, .string(value)), limit: limit)
            let metrics: ExplainMetrics?
            var ids: [String] = []
            if aggregate {
                let request = RunAggregationQueryRequest(
                    database: Self.database, query: query, aggregations: [Aggregation(alias: "n", function: .count(upTo: nil))],
                    explain: ExplainOptions(analyze: analyze))
                metrics = try self.service.runAggregationQuery(request, caller: caller.caller).explain
            } else {
                let request = RunQueryRequest(database: Self.database, query: query, explain: ExplainOptions(analyze: analyze))
                let read = try self.service.runQuery(request, caller: caller.caller)
                ids = read.results.documents.map { $0.path.segments.last! }
                metrics = read.explain
            }
            return Explained(
                ids: ids, indexes: metrics?.indexesUsed.map(\.properties) ?? [],
                counts: metrics?.execution.map { [$0.resultsReturned, $0.readOperations, $0.indexEntriesScanned, $0.documentsScanned] })
        case .router:
            let limitJSON = limit.map { #","limit":\#($0)"# } ?? ""
            let query = #"{"from":[{"collectionId":"\#(collection)"}],"where":{"fieldFilter":{"field":{"fieldPath":"\#(field)"},"op":"EQUAL","value":{"stringValue":"\#(value)"}}}\#(limitJSON)}"#
            let explain = #""explainOptions":{"analyze":\#(analyze)}"#
            let body =
                aggregate
                ? #"{"structuredAggregationQuery":{"structuredQuery":\#(query),"aggregations":[{"alias":"n","count":{}}]},\#(explain)}"#
                : #"{"structuredQuery":\#(query),\#(explain)}"#
            let elements = try await self.send(.post, aggregate ? ":runAggregationQuery" : ":runQuery", body: body, as: caller).arrayValue ?? []
            let ids = elements.compactMap { $0.objectValue?["document"]?.objectValue?["name"]?.stringValue?.split(separator: "/").last.map(String.init) }
            let metrics = elements.last?.objectValue?["explainMetrics"]?.objectValue
            let indexes = metrics?["planSummary"]?.objectValue?["indexesUsed"]?.arrayValue?.compactMap { $0.objectValue?["properties"]?.stringValue }
            let counts = metrics?["executionStats"]?.objectValue.map { stats in
                let debug = stats["debugStats"]?.objectValue
                return [stats["resultsReturned"], stats["readOperations"], debug?["index_entries_scanned"], debug?["documents_scanned"]].map {
                    $0??.stringValue.flatMap { Int($0) } ?? -1
                }
            }
            return Explained(ids: ids, indexes: indexes ?? [], counts: counts)
        }
    }
}
