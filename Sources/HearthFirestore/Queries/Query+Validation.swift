extension Query {
    /// Production's limits on structured queries (reference §4.7); each failure is
    /// INVALID_ARGUMENT with a message saying what to change.
    func validate() throws(FirestoreError) {
        if self.offset < 0 { throw .invalidArgument("offset must not be negative (got \(self.offset)).") }
        if let limit, limit < 0 { throw .invalidArgument("limit must not be negative (got \(limit)).") }
        if self.collectionID == nil && !self.allDescendants {
            throw .invalidArgument("A query needs from.collectionId unless it is a kindless allDescendants query.")
        }
        if let collectionID {
            do {
                try ResourceID.validate(collectionID, in: collectionID)
            } catch {
                throw .invalidArgument("Invalid from.collectionId: \(error.message)")
            }
        }
        for field in self.projection ?? [] where field.isReserved && field != .documentID {
            throw .invalidArgument("select on reserved field '\(field.canonicalString)' is not allowed.")
        }
        for order in self.orderBy where order.field.isReserved && !order.isDocumentID {
            throw .invalidArgument("orderBy on reserved field '\(order.field.canonicalString)' is not allowed.")
        }
        if let filter { try Self.validate(filter) }
        let ordering = self.normalizedOrderBy
        for (name, cursor) in [("startAt", self.startAt), ("endAt", self.endAt)] {
            guard let cursor else { continue }
            if cursor.values.count > ordering.count {
                throw .invalidArgument(
                    "\(name) has \(cursor.values.count) values but the query is ordered by only \(ordering.count) fields (\(ordering.map(\.field.canonicalString).joined(separator: ", "))); a cursor may not be longer than the orderBy."
                )
            }
            for (value, order) in zip(cursor.values, ordering) where order.isDocumentID {
                guard case .reference = value else {
                    throw .invalidArgument("\(name) value for __name__ must be a referenceValue (a document name), got \(value.kindName).")
                }
            }
        }
    }

    private static func validate(_ filter: Filter) throws(FirestoreError) {
        var notEqualCount = 0
        var hasNotIn = false
        var hasOr = false
        var hasInOrAny = false
        try Self.walk(filter) { (leaf: Filter) throws(FirestoreError) in
            switch leaf {
            case .composite(let op, let filters):
                if filters.isEmpty { throw .invalidArgument("A composite \(op.rawValue) filter needs at least one filter.") }
                if op == .or { hasOr = true }
            case .unary(let path, _):
                try Self.validateField(path)
            case .field(let path, let op, let operand):
                try Self.validateField(path)
                try Self.validate(op, operand, on: path)
                switch op {
                case .notEqual: notEqualCount += 1
                case .notIn: hasNotIn = true; notEqualCount += 1
                case .in, .arrayContainsAny: hasInOrAny = true
                default: break
                }
            }
        }
        if notEqualCount > 1 {
            throw .invalidArgument("A query may use at most one NOT_EQUAL or NOT_IN filter.")
        }
        if hasNotIn && (hasOr || hasInOrAny) {
            throw .invalidArgument("NOT_IN cannot be combined with OR, IN or ARRAY_CONTAINS_ANY filters in the same query.")
        }
        let disjunctions = Self.disjunctionCount(filter)
        if disjunctions > 30 {
            throw .invalidArgument("The query's filters expand to \(disjunctions > 10_000 ? "over 10,000" : String(disjunctions)) disjunctions; the limit is 30. Use fewer IN/ARRAY_CONTAINS_ANY values or OR branches.")
        }
        for conjunction in Self.conjunctions(filter) {
            let arrayFilters = conjunction.filter {
                if case .field(_, let op, _) = $0 { return op == .arrayContains || op == .arrayContainsAny }
                return false
            }
            if arrayFilters.count > 1 {
                throw .invalidArgument("A query may use at most one ARRAY_CONTAINS or ARRAY_CONTAINS_ANY filter per disjunction.")
            }
        }
    }

    private static func validateField(_ path: FieldPath) throws(FirestoreError) {
        if path.isReserved && path != .documentID {
            throw .invalidArgument("Filtering on reserved field '\(path.canonicalString)' is not allowed.")
        }
    }

    private static func validate(_ op: Filter.FieldOperator, _ operand: FirestoreValue, on path: FieldPath) throws(FirestoreError) {
        let field = path.canonicalString
        switch op {
        case .in, .notIn, .arrayContainsAny:
            guard case .array(let values) = operand, !values.isEmpty else {
                throw .invalidArgument("A non-empty arrayValue is required for \(op.rawValue) filters (on '\(field)').")
            }
            let limit = op == .notIn ? 10 : 30
            if values.count > limit {
                throw .invalidArgument("\(op.rawValue) filters support at most \(limit) values (got \(values.count) on '\(field)').")
            }
            if path == .documentID {
                if op == .arrayContainsAny { throw .invalidArgument("ARRAY_CONTAINS_ANY cannot be used on __name__.") }
                for value in values where !value.isReference {
                    throw .invalidArgument("\(op.rawValue) on __name__ needs referenceValue operands, got \(value.kindName).")
                }
            }
        case .arrayContains:
            if path == .documentID { throw .invalidArgument("ARRAY_CONTAINS cannot be used on __name__.") }
            if case .array = operand { throw .invalidArgument("ARRAY_CONTAINS on '\(field)' cannot take an array operand (arrays cannot contain arrays).") }
        default:
            if case .array(let values) = operand, values.contains(where: \.isArray) {
                throw .invalidArgument("Filter on '\(field)' has a nested array operand, which no document can hold.")
            }
            if path == .documentID && !operand.isReference {
                throw .invalidArgument("Filters on __name__ need a referenceValue operand, got \(operand.kindName).")
            }
        }
    }

    private static func walk(_ filter: Filter, _ visit: (Filter) throws(FirestoreError) -> Void) throws(FirestoreError) {
        try visit(filter)
        if case .composite(_, let filters) = filter {
            for child in filters { try Self.walk(child, visit) }
        }
    }

    /// How many conjunctions the filter has in disjunctive normal form, counting each IN or
    /// ARRAY_CONTAINS_ANY value as one branch; saturates instead of overflowing.
    static func disjunctionCount(_ filter: Filter) -> Int {
        switch filter {
        case .composite(.and, let filters):
            return filters.reduce(1) { min(1_000_000, $0 * Self.disjunctionCount($1)) }
        case .composite(.or, let filters):
            return filters.reduce(0) { min(1_000_000, $0 + Self.disjunctionCount($1)) }
        case .field(_, .in, .array(let values)), .field(_, .arrayContainsAny, .array(let values)):
            return max(1, values.count)
        default:
            return 1
        }
    }

    /// The filter's leaves grouped by DNF conjunction (IN/ARRAY_CONTAINS_ANY kept whole).
    /// Only called after `disjunctionCount` is known to be small.
    static func conjunctions(_ filter: Filter) -> [[Filter]] {
        switch filter {
        case .composite(.or, let filters):
            return filters.flatMap { Self.conjunctions($0) }
        case .composite(.and, let filters):
            return filters.reduce([[]]) { partial, child in
                let branches = Self.conjunctions(child)
                return partial.flatMap { prefix in branches.map { prefix + $0 } }
            }
        default:
            return [[filter]]
        }
    }
}
