import HearthFirestore
import HearthJSON

/// Query Explain in REST JSON: `explainOptions` in a RunQuery or RunAggregationQuery body, and
/// the `explainMetrics` its last response element carries (proto3 JSON: int64 counts and the
/// duration as strings; `indexesUsed` entries and `debugStats` are `Struct`s, so their keys are
/// production's snake_case ones).
enum ExplainCodec {
    /// `explainOptions`, if the body has it (`{}` and `{"analyze": false}` ask for the plan).
    static func decode(_ body: WireObject) throws(FirestoreError) -> ExplainOptions? {
        guard let options = try body.object("explainOptions", allowing: ["analyze"]) else { return nil }
        return ExplainOptions(analyze: try options.bool("analyze") ?? false)
    }

    static func encode(_ metrics: ExplainMetrics, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("planSummary")
        writer.beginObject()
        writer.key("indexesUsed")
        writer.beginArray()
        for index in metrics.indexesUsed {
            writer.beginObject()
            Self.strings([("query_scope", index.queryScope), ("properties", index.properties)], into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        if let execution = metrics.execution {
            writer.key("executionStats")
            writer.beginObject()
            writer.key("resultsReturned")
            writer.string(String(execution.resultsReturned))
            writer.key("executionDuration")
            writer.string(Self.duration(nanoseconds: execution.duration))
            writer.key("readOperations")
            writer.string(String(execution.readOperations))
            writer.key("debugStats")
            writer.beginObject()
            Self.strings(ExplainMetrics.debugStats(execution), into: &writer)
            writer.key("billing_details")
            writer.beginObject()
            Self.strings(ExplainMetrics.billingDetails(execution), into: &writer)
            writer.endObject()
            writer.endObject()
            writer.endObject()
        }
        writer.endObject()
    }

    /// Members of a `Struct` whose values are all strings.
    private static func strings(_ pairs: [(String, String)], into writer: inout JSONWriter) {
        for (key, value) in pairs {
            writer.key(key)
            writer.string(value)
        }
    }

    /// A `google.protobuf.Duration` in JSON: seconds, then 0, 3, 6 or 9 fractional digits
    /// (the fewest that are exact, as protobuf's JSON printer writes them), then `s`.
    static func duration(nanoseconds: Int64) -> String {
        let seconds = nanoseconds / 1_000_000_000
        let fraction = nanoseconds % 1_000_000_000
        guard fraction != 0 else { return "\(seconds)s" }
        let (value, width) =
            fraction % 1_000_000 == 0 ? (fraction / 1_000_000, 3) : fraction % 1000 == 0 ? (fraction / 1000, 6) : (fraction, 9)
        let digits = String(value)
        return "\(seconds)." + String(repeating: "0", count: width - digits.count) + digits + "s"
    }
}
