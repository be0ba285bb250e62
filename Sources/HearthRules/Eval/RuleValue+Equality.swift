extension RuleValue {
    /// Rules equality without error propagation: ints and floats compare numerically, lists
    /// element-wise, maps by keys and values, sets regardless of order. Different kinds are unequal.
    public func strictlyEquals(_ other: RuleValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b
        case (.int(let a), .float(let b)): return Double(a) == b
        case (.float(let a), .int(let b)): return a == Double(b)
        case (.string(let a), .string(let b)): return a == b
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.path(let a), .path(let b)): return a == b
        case (.timestamp(let a), .timestamp(let b)): return a == b
        case (.duration(let a), .duration(let b)): return a == b
        case (.latlng(let a1, let a2), .latlng(let b1, let b2)): return a1 == b1 && a2 == b2
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.strictlyEquals($1) }
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (k, v) in a {
                guard let w = b[k], v.strictlyEquals(w) else { return false }
            }
            return true
        case (.set(let a), .set(let b)):
            return a.count == b.count && a.allSatisfy { x in b.contains { $0.strictlyEquals(x) } }
        case (.mapDiff(let a), .mapDiff(let b)):
            return RuleValue.map(a.left).strictlyEquals(.map(b.left)) && RuleValue.map(a.right).strictlyEquals(.map(b.right))
        default: return false
        }
    }

    /// `==`: an error operand yields that error (production: `error == x` is an error).
    func equals(_ other: RuleValue, node: Int) -> RuleValue {
        if case .error = self { return self }
        if case .error = other { return other }
        return .bool(self.strictlyEquals(other))
    }

    /// Ordering for `<`, `<=`, `>`, `>=`: numbers (mixed), strings, bytes, timestamps, durations.
    /// nil means "not comparable", which the caller turns into an error.
    func compare(_ other: RuleValue) -> Int? {
        func cmp<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (self, other) {
        case (.int(let a), .int(let b)): return cmp(a, b)
        case (.float(let a), .float(let b)): return a.isNaN || b.isNaN ? nil : cmp(a, b)
        case (.int, .float), (.float, .int):
            guard let a = self.number, let b = other.number, !a.isNaN, !b.isNaN else { return nil }
            return cmp(a, b)
        case (.string(let a), .string(let b)):
            // Lexicographic by code point, as CEL/rules compare strings.
            if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        case (.bytes(let a), .bytes(let b)):
            return a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
        case (.timestamp(let a), .timestamp(let b)): return cmp(a, b)
        case (.duration(let a), .duration(let b)): return cmp(a, b)
        case (.bool(let a), .bool(let b)): return cmp(a ? 1 : 0, b ? 1 : 0)
        default: return nil
        }
    }

    /// `in`: membership in a list or set, or key presence in a map (own keys only).
    func contains(_ element: RuleValue, node: Int) -> RuleValue {
        if case .error = self { return self }
        if case .error = element { return element }
        switch self {
        case .list(let items), .set(let items):
            return .bool(items.contains { $0.strictlyEquals(element) })
        case .map(let m):
            guard case .string(let k) = element else {
                return .error("Map keys must be strings, got \(element.typeName).", node: node)
            }
            return .bool(m[k] != nil)
        case .null:
            return .error("Null value error.", node: node)
        default:
            return .error("Operator 'in' is not supported on \(self.typeName).", node: node)
        }
    }
}
