import HearthFirestore
import HearthJSON

/// `google.firestore.v1.StructuredQuery` in JSON → `Query`, with enums as names or numbers.
enum QueryCodec {
    static func decode(_ json: JSONValue?, parent: DocumentPath?, at location: String = "structured_query") throws(FirestoreError) -> Query {
        let query = try WireObject(json, at: location, allowing: ["select", "from", "where", "orderBy", "startAt", "endAt", "offset", "limit", "findNearest"])
        let from = try query.array("from")
        guard from.count == 1 else {
            throw .invalidArgument("Invalid value at '\(location).from': a query needs exactly one collection selector (got \(from.count)).")
        }
        let selector = try WireObject(from[0], at: "\(location).from[0]", allowing: ["collectionId", "allDescendants"])
        let collectionID = try selector.string("collectionId").flatMap { $0.isEmpty ? nil : $0 }
        var projection: [FieldPath]?
        if let select = try query.object("select", allowing: ["fields"]) {
            var fields: [FieldPath] = []
            for (index, item) in try select.array("fields").enumerated() {
                let reference = try WireObject(item, at: "\(location).select.fields[\(index)]", allowing: ["fieldPath"])
                guard let text = try reference.string("fieldPath") else { continue }
                do { fields.append(try FieldPath(parsing: text)) } catch { throw .invalidArgument("Invalid select field '\(text)': \(error.message)") }
            }
            projection = fields.isEmpty ? nil : fields
        }
        var orderBy: [OrderBy] = []
        for (index, item) in try query.array("orderBy").enumerated() {
            let order = try WireObject(item, at: "\(location).order_by[\(index)]", allowing: ["field", "direction"])
            guard let field = try order.fieldReference("field") else {
                throw .invalidArgument("Invalid value at '\(order.location)': field is required.")
            }
            let direction = try order.enumeration("direction", [("ASCENDING", 1, OrderBy.Direction.ascending), ("DESCENDING", 2, .descending), ("DIRECTION_UNSPECIFIED", 0, .ascending)])
            orderBy.append(OrderBy(field: field, direction: direction ?? .ascending))
        }
        let offset = try query.integer("offset") ?? 0
        let limit = try query.integer("limit")
        return try Query(
            parent: parent,
            collectionID: collectionID,
            allDescendants: try selector.bool("allDescendants") ?? false,
            filter: try query.raw("where").map { json throws(FirestoreError) in try self.decodeFilter(json, at: "\(location).where") },
            orderBy: orderBy,
            startAt: try self.decodeCursor(query, "startAt"),
            endAt: try self.decodeCursor(query, "endAt"),
            offset: Int(clamping: offset),
            limit: limit.map { Int(clamping: $0) },
            projection: projection,
            findNearest: try query.object("findNearest", allowing: Self.findNearestMembers).map(Self.decodeFindNearest)
        )
    }

    static func decodeFilter(_ json: JSONValue, at location: String) throws(FirestoreError) -> Filter {
        let filter = try WireObject(json, at: location, allowing: ["compositeFilter", "fieldFilter", "unaryFilter"])
        if let composite = try filter.object("compositeFilter", allowing: ["op", "filters"]) {
            let op = try composite.enumeration("op", [("AND", 1, Filter.CompositeOperator.and), ("OR", 2, .or)])
            guard let op else { throw .invalidArgument("Invalid value at '\(composite.location).op': AND or OR is required.") }
            var children: [Filter] = []
            for (index, child) in try composite.array("filters").enumerated() {
                children.append(try self.decodeFilter(child, at: "\(composite.location).filters[\(index)]"))
            }
            return .composite(op, children)
        }
        if let field = try filter.object("fieldFilter", allowing: ["field", "op", "value"]) {
            let cases: [(String, Int, Filter.FieldOperator)] = [
                ("LESS_THAN", 1, .lessThan), ("LESS_THAN_OR_EQUAL", 2, .lessThanOrEqual), ("GREATER_THAN", 3, .greaterThan),
                ("GREATER_THAN_OR_EQUAL", 4, .greaterThanOrEqual), ("EQUAL", 5, .equal), ("NOT_EQUAL", 6, .notEqual),
                ("ARRAY_CONTAINS", 7, .arrayContains), ("IN", 8, .in), ("ARRAY_CONTAINS_ANY", 9, .arrayContainsAny), ("NOT_IN", 10, .notIn),
            ]
            guard let path = try field.fieldReference("field") else { throw .invalidArgument("Invalid value at '\(field.location)': field is required.") }
            guard let op = try field.enumeration("op", cases) else {
                throw .invalidArgument("Invalid value at '\(field.location).op': an operator such as EQUAL is required (OPERATOR_UNSPECIFIED is not allowed).")
            }
            guard let value = try field.value("value") else { throw .invalidArgument("Invalid value at '\(field.location)': value is required.") }
            return .field(path, op, value)
        }
        if let unary = try filter.object("unaryFilter", allowing: ["op", "field"]) {
            let cases: [(String, Int, Filter.UnaryOperator)] = [("IS_NAN", 2, .isNaN), ("IS_NULL", 3, .isNull), ("IS_NOT_NAN", 4, .isNotNaN), ("IS_NOT_NULL", 5, .isNotNull)]
            guard let path = try unary.fieldReference("field") else { throw .invalidArgument("Invalid value at '\(unary.location)': field is required.") }
            guard let op = try unary.enumeration("op", cases) else {
                throw .invalidArgument("Invalid value at '\(unary.location).op': IS_NAN, IS_NULL, IS_NOT_NAN or IS_NOT_NULL is required.")
            }
            return .unary(path, op)
        }
        throw .invalidArgument("Invalid value at '\(location)': a filter needs one of compositeFilter, fieldFilter or unaryFilter.")
    }

    private static func decodeCursor(_ query: WireObject, _ name: String) throws(FirestoreError) -> QueryCursor? {
        guard let cursor = try query.object(name, allowing: ["values", "before"]) else { return nil }
        var values: [FirestoreValue] = []
        for (index, item) in try cursor.array("values").enumerated() {
            values.append(try FirestoreValueCodec.decodeValue(item, at: "\(cursor.location).values[\(index)]"))
        }
        return QueryCursor(values: values, before: try cursor.bool("before") ?? false)
    }
}
