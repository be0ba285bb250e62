import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf

/// `google.firestore.v1.StructuredQuery` and `StructuredAggregationQuery` (protobuf) → `Query`
/// and aggregations: the gRPC twin of `QueryCodec` and `AggregationCodec` (JSON), with the same
/// checks, defaults (`field_1`, … for aliases the Python client leaves empty) and messages.
enum ProtoQueryCodec {
    typealias Proto = Google_Firestore_V1_StructuredQuery

    static func decode(_ query: Proto, parent: DocumentPath?, at location: String = "structured_query") throws(FirestoreError) -> Query {
        guard query.from.count == 1 else {
            throw .invalidArgument("Invalid value at '\(location).from': a query needs exactly one collection selector (got \(query.from.count)).")
        }
        let selector = query.from[0]
        var projection: [FieldPath]?
        if query.hasSelect {
            var fields: [FieldPath] = []
            for reference in query.select.fields {
                do { fields.append(try FieldPath(parsing: reference.fieldPath)) } catch {
                    throw .invalidArgument("Invalid select field '\(reference.fieldPath)': \(error.message)")
                }
            }
            projection = fields.isEmpty ? nil : fields
        }
        var orderBy: [OrderBy] = []
        for (index, order) in query.orderBy.enumerated() {
            let at = "\(location).order_by[\(index)]"
            guard order.hasField else { throw .invalidArgument("Invalid value at '\(at)': field is required.") }
            let direction: OrderBy.Direction
            switch order.direction {
            case .ascending, .unspecified: direction = .ascending
            case .descending: direction = .descending
            case .UNRECOGNIZED(let number): throw .invalidArgument("Invalid value at '\(at).direction': unknown direction \(number).")
            }
            orderBy.append(OrderBy(field: try self.field(order.field, at: "\(at).field"), direction: direction))
        }
        return try Query(
            parent: parent,
            collectionID: selector.collectionID.isEmpty ? nil : selector.collectionID,
            allDescendants: selector.allDescendants,
            filter: query.hasWhere ? try self.decode(query.where, at: "\(location).where") : nil,
            orderBy: orderBy,
            startAt: query.hasStartAt ? try self.decode(query.startAt, at: "\(location).start_at") : nil,
            endAt: query.hasEndAt ? try self.decode(query.endAt, at: "\(location).end_at") : nil,
            offset: Int(query.offset),
            limit: query.hasLimit ? Int(query.limit.value) : nil,
            projection: projection,
            findNearest: query.hasFindNearest ? try self.decode(query.findNearest, at: "\(location).find_nearest") : nil
        )
    }

    static func decode(_ filter: Google_Firestore_V1_StructuredQuery.Filter, at location: String) throws(FirestoreError) -> Filter {
        switch filter.filterType {
        case .compositeFilter(let composite):
            let op: Filter.CompositeOperator
            switch composite.op {
            case .and: op = .and
            case .or: op = .or
            default: throw .invalidArgument("Invalid value at '\(location).composite_filter.op': AND or OR is required.")
            }
            var children: [Filter] = []
            for (index, child) in composite.filters.enumerated() {
                children.append(try self.decode(child, at: "\(location).composite_filter.filters[\(index)]"))
            }
            return .composite(op, children)
        case .fieldFilter(let field):
            let at = "\(location).field_filter"
            guard field.hasField else { throw .invalidArgument("Invalid value at '\(at)': field is required.") }
            let op: Filter.FieldOperator
            switch field.op {
            case .lessThan: op = .lessThan
            case .lessThanOrEqual: op = .lessThanOrEqual
            case .greaterThan: op = .greaterThan
            case .greaterThanOrEqual: op = .greaterThanOrEqual
            case .equal: op = .equal
            case .notEqual: op = .notEqual
            case .arrayContains: op = .arrayContains
            case .in: op = .in
            case .arrayContainsAny: op = .arrayContainsAny
            case .notIn: op = .notIn
            default:
                throw .invalidArgument("Invalid value at '\(at).op': an operator such as EQUAL is required (OPERATOR_UNSPECIFIED is not allowed).")
            }
            guard field.hasValue else { throw .invalidArgument("Invalid value at '\(at)': value is required.") }
            return .field(try self.field(field.field, at: "\(at).field"), op, try ProtoValueCodec.decode(field.value, at: "\(at).value"))
        case .unaryFilter(let unary):
            let at = "\(location).unary_filter"
            guard case .field(let reference) = unary.operandType else { throw .invalidArgument("Invalid value at '\(at)': field is required.") }
            let op: Filter.UnaryOperator
            switch unary.op {
            case .isNan: op = .isNaN
            case .isNull: op = .isNull
            case .isNotNan: op = .isNotNaN
            case .isNotNull: op = .isNotNull
            default: throw .invalidArgument("Invalid value at '\(at).op': IS_NAN, IS_NULL, IS_NOT_NAN or IS_NOT_NULL is required.")
            }
            return .unary(try self.field(reference, at: "\(at).field"), op)
        case nil:
            throw .invalidArgument("Invalid value at '\(location)': a filter needs one of composite_filter, field_filter or unary_filter.")
        }
    }

    /// The aggregations of a `StructuredAggregationQuery` (count, aliases and their defaults:
    /// `AggregationList`, shared with the JSON codec).
    static func decode(_ items: [Google_Firestore_V1_StructuredAggregationQuery.Aggregation]) throws(FirestoreError) -> [Aggregation] {
        try AggregationList.decode(items) { item, location throws(FirestoreError) in
            let function: Aggregation.Function
            switch item.operator {
            case .count(let count):
                let upTo = count.hasUpTo ? count.upTo.value : nil
                if let upTo, upTo <= 0 { throw .invalidArgument("Invalid value at '\(location).count.up_to': must be greater than 0.") }
                function = .count(upTo: upTo)
            case .sum(let sum):
                guard sum.hasField else { throw .invalidArgument("Invalid value at '\(location).sum': field is required.") }
                function = .sum(try self.field(sum.field, at: "\(location).sum.field"))
            case .avg(let avg):
                guard avg.hasField else { throw .invalidArgument("Invalid value at '\(location).avg': field is required.") }
                function = .average(try self.field(avg.field, at: "\(location).avg.field"))
            case nil:
                throw .invalidArgument("Invalid value at '\(location)': an aggregation needs one of count, sum or avg.")
            }
            return (item.alias, function)
        }
    }

    private static func decode(_ cursor: Google_Firestore_V1_Cursor, at location: String) throws(FirestoreError) -> QueryCursor {
        let values = try cursor.values.enumerated().map { index, value throws(FirestoreError) in
            try ProtoValueCodec.decode(value, at: "\(location).values[\(index)]")
        }
        return QueryCursor(values: values, before: cursor.before)
    }

    static func field(_ reference: Google_Firestore_V1_StructuredQuery.FieldReference, at location: String) throws(FirestoreError) -> FieldPath {
        do {
            return try FieldPath(parsing: reference.fieldPath)
        } catch {
            throw .invalidArgument("Invalid value at '\(location).field_path': \(error.message)")
        }
    }
}
