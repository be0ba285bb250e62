/// Set methods. Set algebra (`difference`, `intersection`, `union`) requires a Set argument,
/// as production does: `map.keys()` is a List, so `keys().difference(...)` is an error (pyric).
enum SetFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "size": 0...0, "hasAll": 1...1, "hasAny": 1...1, "hasOnly": 1...1, "difference": 1...1,
        "intersection": 1...1, "union": 1...1,
    ]

    static func call(_ s: [RuleValue], _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.upperBound)", got: args.count, node: node)
        }
        switch name {
        case "size": return .int(Int64(s.count))
        case "hasAll", "hasAny", "hasOnly":
            guard let other = FunctionSupport.elements(args[0]) else { return FunctionSupport.typeError(name, args, node: node) }
            return ListFunctions.membership(name, s, other)
        default:
            guard case .set(let other) = args[0] else {
                return .error("Function \(name) requires a set argument, got \(args[0].typeName).", node: node)
            }
            switch name {
            case "difference": return .set(s.filter { !FunctionSupport.contains(other, $0) })
            case "intersection": return .set(s.filter { FunctionSupport.contains(other, $0) })
            default: return RuleValue.makeSet(s + other)
            }
        }
    }
}
