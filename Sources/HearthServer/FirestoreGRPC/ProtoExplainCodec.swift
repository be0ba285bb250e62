import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf

/// Query Explain in protobuf: `explain_options` of RunQuery and RunAggregationQuery, and the
/// `explain_metrics` of their last response (`indexes_used` entries and `debug_stats` are
/// `Struct`s with production's keys and string values, as REST's are).
enum ProtoExplainCodec {
    static func decode(_ options: Google_Firestore_V1_ExplainOptions?) -> ExplainOptions? {
        options.map { ExplainOptions(analyze: $0.analyze) }
    }

    static func encode(_ metrics: ExplainMetrics) -> Google_Firestore_V1_ExplainMetrics {
        var encoded = Google_Firestore_V1_ExplainMetrics()
        encoded.planSummary.indexesUsed = metrics.indexesUsed.map { index in
            Self.strings([("query_scope", index.queryScope), ("properties", index.properties)])
        }
        if let execution = metrics.execution {
            encoded.executionStats.resultsReturned = Int64(execution.resultsReturned)
            encoded.executionStats.executionDuration = Google_Protobuf_Duration(
                seconds: execution.duration / 1_000_000_000, nanos: Int32(execution.duration % 1_000_000_000))
            encoded.executionStats.readOperations = Int64(execution.readOperations)
            var debug = Self.strings(ExplainMetrics.debugStats(execution))
            debug.fields["billing_details"] = Google_Protobuf_Value(structValue: Self.strings(ExplainMetrics.billingDetails(execution)))
            encoded.executionStats.debugStats = debug
        }
        return encoded
    }

    private static func strings(_ pairs: [(String, String)]) -> Google_Protobuf_Struct {
        var result = Google_Protobuf_Struct()
        for (key, value) in pairs { result.fields[key] = Google_Protobuf_Value(stringValue: value) }
        return result
    }
}
