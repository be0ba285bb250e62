import HearthFirestore
import HearthJSON

/// `StructuredAggregationQuery.aggregations` in JSON; the count, aliases and their defaults are
/// `AggregationList`'s, shared with the protobuf codec.
enum AggregationCodec {
    static func decode(_ items: [JSONValue]) throws(FirestoreError) -> [Aggregation] {
        try AggregationList.decode(items) { item, location throws(FirestoreError) in
            let object = try WireObject(item, at: location, allowing: ["alias", "count", "sum", "avg"])
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
            return (try object.string("alias"), function)
        }
    }
}
