extension Interpreter {
    /// `a.b`: maps only. `null.b` is production's "Null value error."; a missing key is
    /// "Property b is undefined on object." (an error, not null).
    static func select(_ target: RuleValue, _ field: String, node: Int) -> RuleValue {
        switch target {
        case .error: return target
        case .constrained(let c): return c.select(field, node: node)
        case .map(let m):
            if let v = m[field] { return v }
            return .error("Property \(field) is undefined on object.", node: node)
        case .null: return .error("Null value error.", node: node)
        default: return .error("Property \(field) is undefined on object of type \(target.typeName).", node: node)
        }
    }

    static func index(_ target: RuleValue, _ index: RuleValue, node: Int) -> RuleValue {
        if case .error = target { return target }
        if case .error = index { return index }
        switch (target, index) {
        case (.map, .string(let k)), (.constrained, .string(let k)): return Self.select(target, k, node: node)
        case (.list(let items), .int(let i)):
            guard i >= 0, i < items.count else { return .error("Index out of range: \(i).", node: node) }
            return items[Int(i)]
        case (.string(let s), .int(let i)):
            let scalars = Array(s.unicodeScalars)
            guard i >= 0, i < scalars.count else { return .error("Index out of range: \(i).", node: node) }
            return .string(String(scalars[Int(i)]))
        case (.path(let p), .int(let i)):
            guard i >= 0, i < p.segments.count else { return .error("Index out of range: \(i).", node: node) }
            return .string(p.segments[Int(i)])
        case (.bytes(let b), .int(let i)):
            guard i >= 0, i < b.count else { return .error("Index out of range: \(i).", node: node) }
            return .int(Int64(b[Int(i)]))
        case (.null, _): return .error("Null value error.", node: node)
        default:
            return .error("Cannot index \(target.typeName) with \(index.typeName).", node: node)
        }
    }

    /// `a[i:j]`, j exclusive; out-of-range bounds are an error, not clamped (pyric).
    static func slice(_ target: RuleValue, _ lower: RuleValue?, _ upper: RuleValue?, node: Int) -> RuleValue {
        if case .error = target { return target }
        for b in [lower, upper] { if let b, case .error = b { return b } }
        func bounds(_ count: Int) -> (Int, Int)? {
            var lo = 0
            var hi = count
            if let lower {
                guard case .int(let v) = lower else { return nil }
                lo = Int(clamping: v)
            }
            if let upper {
                guard case .int(let v) = upper else { return nil }
                hi = Int(clamping: v)
            }
            guard lo >= 0, hi <= count, lo <= hi else { return nil }
            return (lo, hi)
        }
        switch target {
        case .list(let items):
            guard let (lo, hi) = bounds(items.count) else { return .error("Slice index out of range.", node: node) }
            return .list(Array(items[lo..<hi]))
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            guard let (lo, hi) = bounds(scalars.count) else { return .error("Slice index out of range.", node: node) }
            var out = ""
            out.unicodeScalars.append(contentsOf: scalars[lo..<hi])
            return .string(out)
        case .path(let p):
            guard let (lo, hi) = bounds(p.segments.count) else { return .error("Slice index out of range.", node: node) }
            return .path(RulePath(Array(p.segments[lo..<hi])))
        case .bytes(let b):
            guard let (lo, hi) = bounds(b.count) else { return .error("Slice index out of range.", node: node) }
            return .bytes(Array(b[lo..<hi]))
        case .null: return .error("Null value error.", node: node)
        default: return .error("Cannot slice \(target.typeName).", node: node)
        }
    }
}
