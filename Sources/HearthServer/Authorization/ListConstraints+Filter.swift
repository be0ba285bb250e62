import HearthFirestore
import HearthRules

extension ListConstraints {
    /// More disjuncts than this and the query is denied as too complex to prove (production
    /// caps a query's disjunctive normal form at 30; this leaves room for `IN` products).
    static let maximumCases = 256

    /// A query's `where` clause as the constraints its results satisfy, one element per
    /// disjunct: OR composites, `IN` and `array-contains-any` each split into cases (the rule
    /// must hold for all of them), AND composites combine. nil when the query has more than
    /// `maximumCases` disjuncts.
    static func cases(for filter: Filter?) -> [ListConstraints]? {
        guard let filter else { return [ListConstraints()] }
        return Self.expand(filter, into: [ListConstraints()])
    }

    private static func expand(_ filter: Filter, into cases: [ListConstraints]) -> [ListConstraints]? {
        switch filter {
        case .composite(.and, let filters):
            var current = cases
            for filter in filters {
                guard let next = Self.expand(filter, into: current) else { return nil }
                current = next
            }
            return current
        case .composite(.or, let filters):
            var union: [ListConstraints] = []
            for filter in filters {
                guard let branch = Self.expand(filter, into: cases) else { return nil }
                union += branch
            }
            return union.count <= Self.maximumCases ? union : nil
        case .field(let field, .in, .array(let values)):
            return Self.split(cases, over: values) { $0.bind(field, equalTo: $1) }
        case .field(let field, .arrayContainsAny, .array(let values)):
            return Self.split(cases, over: values) { constraints, value in
                constraints.constrain(field.segments) { $0.contained.append(RuleValue(value)) }
            }
        case .field(let field, let op, let value):
            return cases.map { var c = $0; c.apply(field, op, value); return c }
        case .unary(let field, let op):
            return cases.map { var c = $0; c.apply(field, op); return c }
        }
    }

    private static func split(
        _ cases: [ListConstraints], over values: [FirestoreValue], _ apply: (inout ListConstraints, FirestoreValue) -> Void
    ) -> [ListConstraints]? {
        guard cases.count * max(values.count, 1) <= Self.maximumCases else { return nil }
        return cases.flatMap { base in
            values.map { value in
                var c = base
                apply(&c, value)
                return c
            }
        }
    }

    private mutating func bind(_ field: FieldPath, equalTo value: FirestoreValue) {
        if field == .documentID, case .reference(let name) = value {
            self.documentID = name.path.segments.last
        } else {
            self.bind(field.segments, equalTo: RuleValue(value))
        }
    }

    private mutating func apply(_ field: FieldPath, _ op: Filter.FieldOperator, _ value: FirestoreValue) {
        let rule = RuleValue(value)
        switch op {
        case .equal: self.bind(field, equalTo: value)
        case .lessThan: self.constrain(field.segments) { $0.restrict(upper: .init(rule, inclusive: false)) }
        case .lessThanOrEqual: self.constrain(field.segments) { $0.restrict(upper: .init(rule, inclusive: true)) }
        case .greaterThan: self.constrain(field.segments) { $0.restrict(lower: .init(rule, inclusive: false)) }
        case .greaterThanOrEqual: self.constrain(field.segments) { $0.restrict(lower: .init(rule, inclusive: true)) }
        case .notEqual: self.constrain(field.segments) { $0.excluded.append(rule) }
        case .notIn:
            guard case .array(let values) = value else { return }
            self.constrain(field.segments) { $0.excluded += values.map(RuleValue.init) }
        case .arrayContains: self.constrain(field.segments) { $0.contained.append(rule) }
        case .in, .arrayContainsAny: return  // split into cases by `expand`
        }
    }

    private mutating func apply(_ field: FieldPath, _ op: Filter.UnaryOperator) {
        switch op {
        case .isNull: self.bind(field.segments, equalTo: .null)
        case .isNaN: self.bind(field.segments, equalTo: .float(.nan))
        case .isNotNull: self.constrain(field.segments) { $0.excluded.append(.null) }
        case .isNotNaN: self.constrain(field.segments) { $0.excluded.append(.float(.nan)) }
        }
    }
}
