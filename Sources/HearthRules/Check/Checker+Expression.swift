extension Checker {
    /// Checks one expression. `names` are the locally bound identifiers (parameters, lets,
    /// wildcards); `nil` disables the unknown-identifier warning (standalone expressions).
    mutating func check(_ e: Expr, functions: [String: Int], names: Set<String>?, caller: Int? = nil) {
        let location = self.sourceMap.location(of: e.id)
        func recurse(_ child: Expr, _ checker: inout Checker) {
            checker.check(child, functions: functions, names: names, caller: caller)
        }
        switch e.kind {
        case .literal: break
        case .identifier(let name):
            if let names, !names.contains(name), !["request", "resource"].contains(name) {
                self.report("unknown variable '\(name)'", at: location, severity: .warning)
            }
        case .select(let t, _): recurse(t, &self)
        case .index(let t, let i):
            recurse(t, &self)
            recurse(i, &self)
        case .slice(let t, let l, let u):
            recurse(t, &self)
            if let l { recurse(l, &self) }
            if let u { recurse(u, &self) }
        case .call(let name, let args):
            args.forEach { recurse($0, &self) }
            if let index = functions[name] {
                self.program.resolve(call: e.id, to: index)
                let expected = self.program.functions[index].decl.parameters.count
                if expected != args.count {
                    self.report("function '\(name)' expects \(expected) argument(s) but was called with \(args.count)", at: location)
                }
                if let caller { self.callGraph[caller, default: []].insert(index) }
            } else if let arity = GlobalFunctions.arities[name] {
                if name == "debug" { self.program.callsDebug = true }
                if !arity.contains(args.count) {
                    self.report("function '\(name)' expects \(Self.describe(arity)) argument(s) but was called with \(args.count)", at: location)
                }
            } else {
                // Production compiles the ruleset with this warning; the call is an error value
                // when evaluated (GlobalFunctions.call), so only the rules that reach it deny.
                self.report("Invalid function name: \(name)", at: location, severity: .warning)
            }
        case .method(let t, let name, let args):
            recurse(t, &self)
            args.forEach { recurse($0, &self) }
            if let arities = Self.knownMethods[name] {
                if !arities.contains(args.count) {
                    self.report("method '\(name)' cannot be called with \(args.count) argument(s)", at: location)
                }
            } else {
                // As for functions: a warning, and an error value when evaluated.
                self.report("Invalid function name: \(name)", at: location, severity: .warning)
            }
        case .unary(_, let x): recurse(x, &self)
        case .binary(_, let a, let b):
            recurse(a, &self)
            recurse(b, &self)
        case .ternary(let a, let b, let c):
            recurse(a, &self)
            recurse(b, &self)
            recurse(c, &self)
        case .isType(let x, let type):
            recurse(x, &self)
            if !Self.knownTypes.contains(type) { self.report("unknown type '\(type)' in 'is' expression", at: location) }
        case .list(let items): items.forEach { recurse($0, &self) }
        case .map(let entries):
            for entry in entries {
                recurse(entry.key, &self)
                recurse(entry.value, &self)
            }
        case .path(let parts):
            for case .interpolation(let x) in parts { recurse(x, &self) }
        }
    }

    static func describe(_ r: ClosedRange<Int>) -> String {
        r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "\(r.lowerBound)-\(r.upperBound)"
    }
}
