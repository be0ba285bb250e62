extension Filter {
    /// Whether `document` satisfies the filter, with production's semantics (reference §4.3):
    /// comparisons require the field to exist and to have the operand's type order (so `x > 1`
    /// never matches a string), `!=` and `not-in` exclude missing and null fields, and values
    /// compare by Firestore's equivalence (1 == 1.0). Costs one field lookup per leaf.
    public func matches(_ document: Document, in database: DatabaseID) -> Bool {
        switch self {
        case .composite(.and, let filters):
            return filters.allSatisfy { $0.matches(document, in: database) }
        case .composite(.or, let filters):
            return filters.contains { $0.matches(document, in: database) }
        case .unary(let path, let op):
            guard let value = Self.value(of: path, in: document, database: database) else { return false }
            switch op {
            case .isNull: return value == .null
            case .isNaN: return value.isNaN
            case .isNotNull: return value != .null
            case .isNotNaN: return value != .null && !value.isNaN
            }
        case .field(let path, let op, let operand):
            guard let value = Self.value(of: path, in: document, database: database) else { return false }
            return Self.compare(value, op, operand)
        }
    }

    /// `__name__` reads as the document's reference; other paths read the fields.
    static func value(of path: FieldPath, in document: Document, database: DatabaseID) -> FirestoreValue? {
        if path == .documentID { return .reference(DocumentName(database: database, path: document.path)) }
        return document.fields.value(at: path)
    }

    static func compare(_ value: FirestoreValue, _ op: FieldOperator, _ operand: FirestoreValue) -> Bool {
        switch op {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .equal:
            guard value.typeOrder == operand.typeOrder else { return false }
            let order = FirestoreValue.compare(value, operand)
            switch op {
            case .lessThan: return order == .ascending
            case .lessThanOrEqual: return order != .descending
            case .greaterThan: return order == .descending
            case .greaterThanOrEqual: return order != .ascending
            default: return order == .same
            }
        case .notEqual:
            return value != .null && !value.isEquivalent(to: operand)
        case .arrayContains:
            guard case .array(let elements) = value else { return false }
            return elements.contains { $0.isEquivalent(to: operand) }
        case .arrayContainsAny:
            guard case .array(let elements) = value, case .array(let candidates) = operand else { return false }
            return elements.contains { element in candidates.contains { element.isEquivalent(to: $0) } }
        case .in:
            guard case .array(let candidates) = operand else { return false }
            return candidates.contains { value.isEquivalent(to: $0) }
        case .notIn:
            guard case .array(let candidates) = operand, value != .null else { return false }
            if candidates.contains(.null) { return false }
            return !candidates.contains { value.isEquivalent(to: $0) }
        }
    }
}
