/// Shared helpers for builtin families: arity checks and the "wrong argument" error texts.
enum FunctionSupport {
    static func arityError(_ name: String, expected: String, got: Int, node: Int) -> RuleValue {
        .error("Function \(name) expects \(expected) argument(s), got \(got).", node: node)
    }

    static func typeError(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        .error(
            "Invalid argument type for \(name): (\(args.map(\.typeName).joined(separator: ", "))).", node: node)
    }

    /// Elements of a list or set argument (hasAll/hasAny/hasOnly accept both).
    static func elements(_ v: RuleValue) -> [RuleValue]? {
        switch v {
        case .list(let l), .set(let l): return l
        default: return nil
        }
    }

    static func contains(_ items: [RuleValue], _ x: RuleValue) -> Bool {
        items.contains { $0.strictlyEquals(x) }
    }
}
