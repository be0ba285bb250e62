/// What a list query's filters guarantee about one field of every document it can return
/// ("rules are not filters", reference §8.5): the rule must hold for any value the field could
/// take, so a comparison is `true` or `false` only when the constraint decides it, and an
/// error (which denies) otherwise.
///
/// Built from `==`/`IN` (concrete values, bound directly, never a `FieldConstraint`), range
/// filters (`<`, `<=`, `>`, `>=`), `!=`/`NOT_IN` (excluded values) and `array-contains` /
/// `array-contains-any` (values the array is known to hold).
public struct FieldConstraint: Sendable {
    public struct Bound: Sendable {
        public var value: RuleValue
        public var inclusive: Bool

        public init(_ value: RuleValue, inclusive: Bool) {
            self.value = value
            self.inclusive = inclusive
        }
    }

    /// The field as rules name it (`resource.data.a.b`), for explanations.
    public var field: [String]
    public var lower: Bound?
    public var upper: Bound?
    public var excluded: [RuleValue] = []
    public var contained: [RuleValue] = []

    public init(field: [String]) {
        self.field = field
    }

    /// Tightens the lower bound (the stricter of the two wins).
    public mutating func restrict(lower bound: Bound) {
        if let current = self.lower, let c = bound.value.compare(current.value), c < 0 || (c == 0 && bound.inclusive) { return }
        self.lower = bound
    }

    /// Tightens the upper bound (the stricter of the two wins).
    public mutating func restrict(upper bound: Bound) {
        if let current = self.upper, let c = bound.value.compare(current.value), c > 0 || (c == 0 && bound.inclusive) { return }
        self.upper = bound
    }

    /// `field op k`: decided when every value the constraint allows gives the same answer.
    func compare(_ op: BinaryOperator, _ k: RuleValue, node: Int) -> RuleValue {
        switch op {
        case .equal: return self.equals(k).map(RuleValue.bool) ?? self.unknown(node)
        case .notEqual: return self.equals(k).map { .bool(!$0) } ?? self.unknown(node)
        case .less: return self.ordered(k, below: true, strict: true).map(RuleValue.bool) ?? self.unknown(node)
        case .lessOrEqual: return self.ordered(k, below: true, strict: false).map(RuleValue.bool) ?? self.unknown(node)
        case .greater: return self.ordered(k, below: false, strict: true).map(RuleValue.bool) ?? self.unknown(node)
        case .greaterOrEqual: return self.ordered(k, below: false, strict: false).map(RuleValue.bool) ?? self.unknown(node)
        default: return self.unknown(node)
        }
    }

    /// `k in field`: true when an `array-contains` filter guarantees it.
    func contains(_ k: RuleValue, node: Int) -> RuleValue {
        self.contained.contains { $0.strictlyEquals(k) } ? .bool(true) : self.unknown(node)
    }

    /// `field.hasAny(list)` / `field.hasAll(list)` for `array-contains` constraints.
    func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        guard args.count == 1, case .list(let items) = args[0] else { return self.unknown(node) }
        let known = items.map { item in self.contained.contains { $0.strictlyEquals(item) } }
        switch name {
        case "hasAny" where known.contains(true): return .bool(true)
        case "hasAll" where !items.isEmpty && known.allSatisfy({ $0 }): return .bool(true)
        default: return self.unknown(node)
        }
    }

    /// Whether the field equals `k`: false when `k` is excluded or outside the range.
    private func equals(_ k: RuleValue) -> Bool? {
        if self.excluded.contains(where: { $0.strictlyEquals(k) }) { return false }
        if let lower = self.lower, let c = k.compare(lower.value), c < 0 || (c == 0 && !lower.inclusive) { return false }
        if let upper = self.upper, let c = k.compare(upper.value), c > 0 || (c == 0 && !upper.inclusive) { return false }
        return nil
    }

    /// `field < k` (below, strict), `field <= k`, `field > k`, `field >= k` from the bounds.
    private func ordered(_ k: RuleValue, below: Bool, strict: Bool) -> Bool? {
        let near = below ? self.upper : self.lower
        let far = below ? self.lower : self.upper
        // Entailed: the near bound already lies on the asked side of k.
        if let near, let c = near.value.compare(k) {
            let side = below ? c : -c
            if side < 0 || (side == 0 && (!near.inclusive || !strict)) { return true }
        }
        // Refuted: the far bound lies on the other side of k.
        if let far, let c = far.value.compare(k) {
            let side = below ? c : -c
            if side > 0 || (side == 0 && (strict || !far.inclusive)) { return false }
        }
        return nil
    }

    private func unknown(_ node: Int) -> RuleValue {
        .error(
            "resource.data.\(self.field.joined(separator: ".")) is not fixed by the query's filters, so this cannot be proven for every document the query could return (rules are not filters); add a filter that guarantees it.",
            node: node)
    }
}
