/// A query's `where` clause: field comparisons, unary tests and AND/OR composites at any depth.
///
/// Operators are enums parsed at the edge; matching semantics are in `Filter+Matching.swift`.
public indirect enum Filter: Sendable, Hashable {
    case field(FieldPath, FieldOperator, FirestoreValue)
    case unary(FieldPath, UnaryOperator)
    case composite(CompositeOperator, [Filter])

    public enum FieldOperator: String, Sendable, Hashable, CaseIterable {
        case lessThan = "LESS_THAN"
        case lessThanOrEqual = "LESS_THAN_OR_EQUAL"
        case greaterThan = "GREATER_THAN"
        case greaterThanOrEqual = "GREATER_THAN_OR_EQUAL"
        case equal = "EQUAL"
        case notEqual = "NOT_EQUAL"
        case arrayContains = "ARRAY_CONTAINS"
        case `in` = "IN"
        case arrayContainsAny = "ARRAY_CONTAINS_ANY"
        case notIn = "NOT_IN"

        /// Inequalities add their field to the implicit ordering (reference §4.4).
        public var isInequality: Bool {
            switch self {
            case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: true
            default: false
            }
        }
    }

    public enum UnaryOperator: String, Sendable, Hashable, CaseIterable {
        case isNaN = "IS_NAN"
        case isNull = "IS_NULL"
        case isNotNaN = "IS_NOT_NAN"
        case isNotNull = "IS_NOT_NULL"

        public var isInequality: Bool { self == .isNotNaN || self == .isNotNull }
    }

    public enum CompositeOperator: String, Sendable, Hashable {
        case and = "AND"
        case or = "OR"
    }

    /// Every field comparison and unary test in the tree, depth first.
    public var leaves: [Filter] {
        switch self {
        case .composite(_, let filters): filters.flatMap(\.leaves)
        default: [self]
        }
    }

    /// The fields of inequality filters, which production appends to the ordering.
    public var inequalityFields: Set<FieldPath> {
        var fields: Set<FieldPath> = []
        for leaf in self.leaves {
            switch leaf {
            case .field(let path, let op, _) where op.isInequality: fields.insert(path)
            case .unary(let path, let op) where op.isInequality: fields.insert(path)
            default: break
            }
        }
        return fields
    }

    /// Equality constraints that every result must satisfy: top-level AND'ed `==` filters
    /// (and single-value `IN`). Indexes use them as a fixed prefix; rules bind them later.
    public var requiredEqualities: [FieldPath: FirestoreValue] {
        switch self {
        case .field(let path, .equal, let value):
            return [path: value]
        case .field(let path, .in, .array(let values)) where values.count == 1:
            return [path: values[0]]
        case .composite(.and, let filters):
            var result: [FieldPath: FirestoreValue] = [:]
            for filter in filters {
                for (path, value) in filter.requiredEqualities where result[path] == nil { result[path] = value }
            }
            return result
        default:
            return [:]
        }
    }
}
