import HearthFirestore

/// What every wire format's `StructuredAggregationQuery.aggregations` must satisfy, as
/// production requires: 1 to 5 aggregations with unique aliases; one without an alias is
/// called `field_1`, `field_2`, … by its position (the Python client sends none and reads
/// them back). The JSON and protobuf codecs only say how to read one entry.
enum AggregationList {
    /// `entry` reads one item's alias (nil or empty: none) and function; `location` names it in
    /// errors (`structured_aggregation_query.aggregations[i]`).
    static func decode<Item>(
        _ items: [Item], entry: (Item, _ location: String) throws(FirestoreError) -> (alias: String?, function: Aggregation.Function)
    ) throws(FirestoreError) -> [Aggregation] {
        // The empty list and a repeated alias fail in production's words (the clients' own
        // tests match them).
        guard !items.isEmpty else { throw .invalidArgument("Aggregations can not be empty.") }
        guard items.count <= 5 else {
            throw .invalidArgument("A query may request 1 to 5 aggregations (got \(items.count)).")
        }
        var aggregations: [Aggregation] = []
        var aliases: Set<String> = []
        for (index, item) in items.enumerated() {
            let (given, function) = try entry(item, "structured_aggregation_query.aggregations[\(index)]")
            let alias = given.flatMap { $0.isEmpty ? nil : $0 } ?? "field_\(index + 1)"
            guard aliases.insert(alias).inserted else { throw .invalidArgument("Aggregation aliases contain duplicate alias \(alias).") }
            aggregations.append(Aggregation(alias: alias, function: function))
        }
        return aggregations
    }
}
