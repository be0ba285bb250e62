import HearthFirestore
import HearthJSON

/// A list case's `query`, written like the client SDKs' query builders:
/// `{"where": [["creator", "==", "alice"], {"or": [[…], […]]}], "orderBy": ["date desc"],
/// "limit": 10, "offset": 0, "collectionGroup": false}`. Conditions in `where` are AND'ed.
/// As in the SDKs, `== null` / `!= null` (and NaN) become IS_NULL / IS_NOT_NULL filters, and a
/// string compared with `__name__` is a document ID in the queried collection (or a path).
extension RulesTestDecoder {
    static let operators: [String: Filter.FieldOperator] = [
        "==": .equal, "!=": .notEqual, "<": .lessThan, "<=": .lessThanOrEqual, ">": .greaterThan, ">=": .greaterThanOrEqual,
        "in": .in, "not-in": .notIn, "array-contains": .arrayContains, "array-contains-any": .arrayContainsAny,
    ]

    /// The query on the collection at `collection` (a collection ID for a collection group).
    func query(_ json: JSONValue?, collection: String) throws(RulesTestFileError) -> Query {
        let object = json == nil ? JSONObject([]) : try self.object(json, at: "query", allowing: ["where", "orderBy", "limit", "offset", "collectionGroup"])
        let path = try self.attempt("path") { () throws(FirestoreError) in try CollectionPath(parsing: collection) }
        var filters: [Filter] = []
        if let clauses = object["where"] {
            for (index, clause) in try self.array(clauses, at: "query.where").enumerated() {
                filters.append(try self.filter(clause, at: "query.where[\(index)]", in: path))
            }
        }
        var orderBy: [OrderBy] = []
        if let orders = object["orderBy"] {
            for (index, order) in try self.array(orders, at: "query.orderBy").enumerated() {
                orderBy.append(try self.order(order, at: "query.orderBy[\(index)]"))
            }
        }
        let limit = try self.integer(object["limit"], at: "query.limit")
        let offset = try self.integer(object["offset"], at: "query.offset") ?? 0
        let group = try self.bool(object["collectionGroup"], at: "query.collectionGroup")
        return try self.attempt("query") { () throws(FirestoreError) in
            try Query(
                parent: path.parent, collectionID: path.id, allDescendants: group,
                filter: filters.count == 1 ? filters[0] : filters.isEmpty ? nil : .composite(.and, filters),
                orderBy: orderBy, offset: offset, limit: limit)
        }
    }

    /// `[field, op, value]`, `{"and": [clauses]}` or `{"or": [clauses]}`.
    private func filter(_ json: JSONValue, at location: String, in collection: CollectionPath) throws(RulesTestFileError) -> Filter {
        if case .object(let object) = json {
            guard object.count == 1, let key = object.keys.first, key == "and" || key == "or" else {
                throw self.failure(location, "expected [field, operator, value], {\"and\": […]} or {\"or\": […]}")
            }
            var children: [Filter] = []
            for (index, child) in try self.array(object[key], at: "\(location).\(key)").enumerated() {
                children.append(try self.filter(child, at: "\(location).\(key)[\(index)]", in: collection))
            }
            if children.isEmpty { throw self.failure("\(location).\(key)", "needs at least one condition") }
            return .composite(key == "and" ? .and : .or, children)
        }
        guard case .array(let triple) = json, triple.count == 3, case .string(let fieldText) = triple[0], case .string(let opText) = triple[1] else {
            throw self.failure(location, "expected [field, operator, value], e.g. [\"creator\", \"==\", \"alice\"]")
        }
        let field = try self.attempt("\(location)[0]") { () throws(FirestoreError) in try FieldPath(parsing: fieldText) }
        guard let op = Self.operators[opText] else {
            let known = Self.operators.keys.sorted().joined(separator: ", ")
            throw self.failure("\(location)[1]", "unknown operator \"\(opText)\" (expected one of \(known))")
        }
        var value = try self.value(triple[2], at: "\(location)[2]")
        if field == .documentID { value = try self.documentReference(value, in: collection, at: "\(location)[2]") }
        switch (op, value) {
        case (.equal, .null): return .unary(field, .isNull)
        case (.notEqual, .null): return .unary(field, .isNotNull)
        case (.equal, .double(let number)) where number.isNaN: return .unary(field, .isNaN)
        case (.notEqual, .double(let number)) where number.isNaN: return .unary(field, .isNotNaN)
        default: return .field(field, op, value)
        }
    }

    /// A `__name__` operand: a string is a document ID in `collection` or a document path.
    private func documentReference(_ value: FirestoreValue, in collection: CollectionPath, at location: String) throws(RulesTestFileError) -> FirestoreValue {
        switch value {
        case .string(let text):
            let path = try self.attempt(location) { () throws(FirestoreError) in
                text.contains("/") ? try DocumentPath(parsing: text) : try collection.child(text)
            }
            return .reference(DocumentName(database: self.database, path: path))
        case .array(let items):
            var references: [FirestoreValue] = []
            for item in items { references.append(try self.documentReference(item, in: collection, at: location)) }
            return .array(references)
        default:
            return value
        }
    }

    /// `"field"`, `"field asc"` or `"field desc"`.
    private func order(_ json: JSONValue, at location: String) throws(RulesTestFileError) -> OrderBy {
        let text = try self.string(json, at: location)
        var field = Substring(text)
        var direction = OrderBy.Direction.ascending
        if let space = text.lastIndex(of: " ") {
            let word = text[text.index(after: space)...].lowercased()
            guard word == "asc" || word == "desc" else {
                throw self.failure(location, "expected \"field\", \"field asc\" or \"field desc\", found \"\(text)\"")
            }
            direction = word == "desc" ? .descending : .ascending
            field = text[..<space]
        }
        let name = String(field)
        return OrderBy(field: try self.attempt(location) { () throws(FirestoreError) in try FieldPath(parsing: name) }, direction: direction)
    }
}
