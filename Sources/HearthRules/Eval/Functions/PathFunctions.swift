/// Path methods: `bind(map)` substitutes `{name}` segments, e.g.
/// `path('users/{uid}').bind({'uid': 'a'}) == path('users/a')`. Unbound wildcards are an error.
enum PathFunctions {
    static let methods: [String: ClosedRange<Int>] = ["bind": 1...1]

    static func call(_ p: RulePath, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard name == "bind" else { return nil }
        guard args.count == 1 else { return FunctionSupport.arityError(name, expected: "1", got: args.count, node: node) }
        guard case .map(let m) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
        var out: [String] = []
        for segment in p.segments {
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count >= 2 else {
                out.append(segment)
                continue
            }
            let key = String(segment.dropFirst().dropLast())
            switch m[key] {
            case .string(let s): out.append(s)
            case .path(let q): out.append(contentsOf: q.segments)
            case .int(let i): out.append(String(i))
            case .none: return .error("Path bind: no value for wildcard '\(key)'.", node: node)
            case .some(let v): return .error("Path bind: cannot bind \(v.typeName) to '\(key)'.", node: node)
            }
        }
        return .path(RulePath(out))
    }
}
