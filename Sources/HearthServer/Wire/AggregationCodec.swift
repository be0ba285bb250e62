import HearthFirestore
import HearthJSON

/// `StructuredAggregationQuery.aggregations` in JSON.
///
/// Aggregations without an alias get the service's defaults, `field_1`, `field_2`, … by
/// position (the Python client sends none and reads them back); 1 to 5 aggregations with
/// unique aliases, as production requires.
enum AggregationCodec {
    static func decode(_ items: [JSONValue]) throws(FirestoreError) -> [Aggregation] {
        guard (1...5).contains(items.count) else {
            throw .invalidArgument("A query may request 1 to 5 aggregations (got \(items.count)).")
        }
        var aggregations: [Aggregation] = []
        var aliases: Set<String> = []
        for (index, item) in items.enumerated() {
            let location = "structured_aggregation_query.aggregations[\(index)]"
            let object = try WireObject(item, at: location, allowing: ["alias", "count", "sum", "avg"])
            let alias = try object.string("alias").flatMap { $0.isEmpty ? nil : $0 } ?? "field_\(index + 1)"
            guard aliases.insert(alias).inserted else { throw .invalidArgument("Aggregation alias '\(alias)' is used twice.") }
            let function: Aggregation.Function
            if let count = try object.object("count", allowing: ["upTo"]) {
                let upTo = try count.integer("upTo")
                if let upTo, upTo <= 0 { throw .invalidArgument("Invalid value at '\(location).count.up_to': must be greater than 0.") }
                function = .count(upTo: upTo)
            } else if let sum = try object.object("sum", allowing: ["field"]) {
                guard let field = try sum.fieldReference("field") else { throw .invalidArgument("Invalid value at '\(location).sum': field is required.") }
                function = .sum(field)
            } else if let avg = try object.object("avg", allowing: ["field"]) {
                guard let field = try avg.fieldReference("field") else { throw .invalidArgument("Invalid value at '\(location).avg': field is required.") }
                function = .average(field)
            } else {
                throw .invalidArgument("Invalid value at '\(location)': an aggregation needs one of count, sum or avg.")
            }
            aggregations.append(Aggregation(alias: alias, function: function))
        }
        return aggregations
    }
}
