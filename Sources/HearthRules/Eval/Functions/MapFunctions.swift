/// Map methods. There is no `hasAll`/`hasAny`/`hasOnly` on maps in production; use `keys()`.
/// `keys()`/`values()` return Lists (ordered by key here for determinism).
enum MapFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "get": 2...2, "keys": 0...0, "values": 0...0, "size": 0...0, "diff": 1...1,
    ]

    static func call(_ m: [String: RuleValue], _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.upperBound)", got: args.count, node: node)
        }
        switch name {
        case "size": return .int(Int64(m.count))
        case "keys": return .list(m.keys.sorted().map { .string($0) })
        case "values": return .list(m.keys.sorted().map { m[$0]! })
        case "diff":
            guard case .map(let other) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
            return .mapDiff(MapDiff(left: m, right: other))
        default:
            // get(key, default): key is a string or a list path; any missing or non-map step
            // yields the default.
            let keys: [String]
            switch args[0] {
            case .string(let k): keys = [k]
            case .list(let items):
                var out: [String] = []
                for item in items {
                    guard case .string(let k) = item else { return FunctionSupport.typeError(name, args, node: node) }
                    out.append(k)
                }
                keys = out
            default: return FunctionSupport.typeError(name, args, node: node)
            }
            var current = RuleValue.map(m)
            for k in keys {
                guard case .map(let inner) = current, let next = inner[k] else { return args[1] }
                current = next
            }
            return current
        }
    }
}
