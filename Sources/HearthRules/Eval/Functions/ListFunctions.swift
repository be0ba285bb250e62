/// List methods. `hasAll`/`hasAny`/`hasOnly` accept a list or a set; `removeAll` removes every
/// occurrence; `concat` does not dedupe; `join` needs strings.
enum ListFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "concat": 1...1, "hasAll": 1...1, "hasAny": 1...1, "hasOnly": 1...1, "join": 0...1, "removeAll": 1...1,
        "size": 0...0, "toSet": 0...0,
    ]

    static func call(_ l: [RuleValue], _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.upperBound)", got: args.count, node: node)
        }
        switch name {
        case "size": return .int(Int64(l.count))
        case "toSet": return RuleValue.makeSet(l)
        case "concat":
            guard case .list(let other) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
            return .list(l + other)
        case "join":
            var sep = ""
            if let a = args.first {
                guard case .string(let s) = a else { return FunctionSupport.typeError(name, args, node: node) }
                sep = s
            }
            var parts: [String] = []
            for item in l {
                guard case .string(let s) = item else {
                    return .error("join() requires a list of strings, found \(item.typeName).", node: node)
                }
                parts.append(s)
            }
            return .string(parts.joined(separator: sep))
        case "removeAll":
            guard let other = FunctionSupport.elements(args[0]) else { return FunctionSupport.typeError(name, args, node: node) }
            return .list(l.filter { !FunctionSupport.contains(other, $0) })
        default:
            guard let other = FunctionSupport.elements(args[0]) else { return FunctionSupport.typeError(name, args, node: node) }
            return Self.membership(name, l, other)
        }
    }

    /// hasAll: every element of `other` is in `items`; hasAny: some is; hasOnly: every element of
    /// `items` is in `other`.
    static func membership(_ name: String, _ items: [RuleValue], _ other: [RuleValue]) -> RuleValue {
        switch name {
        case "hasAll": return .bool(other.allSatisfy { FunctionSupport.contains(items, $0) })
        case "hasAny": return .bool(other.contains { FunctionSupport.contains(items, $0) })
        default: return .bool(items.allSatisfy { FunctionSupport.contains(other, $0) })
        }
    }
}
