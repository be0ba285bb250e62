/// Tree-walking evaluator over the checked AST. It never throws: every failure is a
/// `RuleValue.error` carrying the failing node, and `&&`/`||` absorb errors as production does.
struct Interpreter {
    let program: Program
    let state: EvaluationState

    func evaluate(_ e: Expr, _ scope: Scope) -> RuleValue {
        if let exceeded = self.count(e) { return exceeded }
        switch e.kind {
        case .literal(let v):
            return v
        case .identifier(let name):
            return Self.located(self.resolve(name, scope, node: e.id), node: e.id)
        case .select(let target, let field):
            if case .identifier(let name) = target.kind {
                return Self.located(self.select(name, field, scope, variable: target, node: e.id), node: e.id)
            }
            return Self.located(Self.select(self.evaluate(target, scope), field, node: e.id), node: e.id)
        case .index(let target, let index):
            return Self.located(Self.index(self.evaluate(target, scope), self.evaluate(index, scope), node: e.id), node: e.id)
        case .slice(let target, let lower, let upper):
            let t = self.evaluate(target, scope)
            let l = lower.map { self.evaluate($0, scope) }
            let u = upper.map { self.evaluate($0, scope) }
            return Self.slice(t, l, u, node: e.id)
        case .call(let name, let args):
            return self.call(name, args, scope, node: e.id)
        case .method(let target, let name, let args):
            let receiver = self.evaluate(target, scope)
            if case .error = receiver { return receiver }
            let values = args.map { self.evaluate($0, scope) }
            if let err = values.first(where: \.isError) { return err }
            return self.callMethod(receiver, name, values, node: e.id)
        case .unary(.not, let operand):
            let v = self.evaluate(operand, scope)
            switch v {
            case .bool(let b): return .bool(!b)
            case .error: return v
            default: return .error("Operator '!' requires a bool, got \(v.typeName).", node: e.id)
            }
        case .unary(.negate, let operand):
            return self.evaluate(operand, scope).negated(node: e.id)
        case .binary(.and, let a, let b):
            return self.logical(a, b, scope, absorbing: false, node: e.id)
        case .binary(.or, let a, let b):
            return self.logical(a, b, scope, absorbing: true, node: e.id)
        case .binary(let op, let a, let b):
            return Self.binary(op, self.evaluate(a, scope), self.evaluate(b, scope), node: e.id)
        case .ternary(let c, let yes, let no):
            switch self.evaluate(c, scope) {
            case .bool(true): return self.evaluate(yes, scope)
            case .bool(false): return self.evaluate(no, scope)
            case .error(let err): return .error(err)
            case let v: return .error("Conditional requires a bool condition, got \(v.typeName).", node: e.id)
            }
        case .isType(let operand, let typeName):
            let v = self.evaluate(operand, scope)
            if case .error = v { return v }
            if case .constrained = v { return ConstrainedValue.undecidable(e.id) }
            guard let result = v.isOfType(typeName) else {
                return .error("Unknown type '\(typeName)'.", node: e.id)
            }
            return .bool(result)
        case .list(let items):
            var out: [RuleValue] = []
            out.reserveCapacity(items.count)
            for item in items {
                let v = self.evaluate(item, scope)
                if case .error = v { return v }
                out.append(v)
            }
            return .list(out)
        case .map(let entries):
            var out: [String: RuleValue] = [:]
            for entry in entries {
                let k = self.evaluate(entry.key, scope)
                if case .error = k { return k }
                guard case .string(let key) = k else {
                    return .error("Map keys must be strings, got \(k.typeName).", node: entry.key.id)
                }
                let v = self.evaluate(entry.value, scope)
                if case .error = v { return v }
                out[key] = v
            }
            return .map(out)
        case .path(let parts):
            var segments: [String] = []
            for part in parts {
                switch part {
                case .text(let s): segments.append(s)
                case .interpolation(let inner):
                    switch self.evaluate(inner, scope) {
                    case .string(let s): segments.append(s)
                    case .path(let p): segments.append(contentsOf: p.segments)
                    case .int(let i): segments.append(String(i))
                    case .error(let err): return .error(err)
                    case let v: return .error("Cannot interpolate \(v.typeName) into a path.", node: inner.id)
                    }
                }
            }
            return .path(RulePath(segments))
        }
    }

    /// Counts `e` against `maxExpressions`; the error to return instead of evaluating it once
    /// the limit is exceeded.
    private func count(_ e: Expr) -> RuleValue? {
        self.state.expressionsEvaluated += 1
        guard self.state.expressionsEvaluated > self.state.limits.maxExpressions else { return nil }
        return .error("Exceeded maximum number of expressions evaluated (\(self.state.limits.maxExpressions)).", node: e.id)
    }

    /// A variable: a local or wildcard, else `request`/`resource` (or an expression's binding).
    private func resolve(_ name: String, _ scope: Scope, node: Int) -> RuleValue {
        if let v = scope.resolve(name) ?? self.state.global(name) { return v }
        return .error("Variable '\(name)' is not defined.", node: node)
    }

    /// `name.field`, the commonest shape in rules (`request.auth`, `resource.data`): the same
    /// result and the same expression count as evaluating `variable` and then selecting, but
    /// `request` and `resource` answer the field without building their whole maps.
    private func select(_ name: String, _ field: String, _ scope: Scope, variable: Expr, node: Int) -> RuleValue {
        if let exceeded = self.count(variable) { return exceeded }
        if let v = scope.resolve(name) { return Self.select(Self.located(v, node: variable.id), field, node: node) }
        if let v = self.state.select(name, field, node: node) { return v }
        return Self.select(Self.located(self.resolve(name, scope, node: variable.id), node: variable.id), field, node: node)
    }

    /// An error that was made without a node (a wildcard a list leaves unknown, an unknown
    /// `resource.id`) located at `node`, the expression that read it, so the denial names the
    /// rule's file:line:column instead of 0:0. Other values are returned unchanged.
    static func located(_ value: RuleValue, node: Int) -> RuleValue {
        guard case .error(let error) = value, error.node < 0 else { return value }
        return .error(RuleError(message: error.message, node: node))
    }

    /// `&&` (absorbing = false) and `||` (absorbing = true): the absorbing value wins over errors
    /// on either side (`error || true == true`, `false && error == false`); otherwise the first
    /// error (or non-bool operand) is the result.
    private func logical(_ a: Expr, _ b: Expr, _ scope: Scope, absorbing: Bool, node: Int) -> RuleValue {
        let l = self.evaluate(a, scope)
        if case .bool(let v) = l, v == absorbing { return .bool(absorbing) }
        let r = self.evaluate(b, scope)
        if case .bool(let v) = r, v == absorbing { return .bool(absorbing) }
        let name = absorbing ? "||" : "&&"
        for v in [l, r] {
            switch v {
            case .bool: continue
            case .error: return v
            default: return .error("Operator '\(name)' requires bool operands, got \(v.typeName).", node: node)
            }
        }
        return .bool(!absorbing)
    }

    static func binary(_ op: BinaryOperator, _ l: RuleValue, _ r: RuleValue, node: Int) -> RuleValue {
        if case .constrained(let c) = l { return c.binary(op, other: r, constrainedOnLeft: true, node: node) }
        if case .constrained(let c) = r { return c.binary(op, other: l, constrainedOnLeft: false, node: node) }
        switch op {
        case .equal: return l.equals(r, node: node)
        case .notEqual:
            if case .bool(let b) = l.equals(r, node: node) { return .bool(!b) }
            return l.equals(r, node: node)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .error = l { return l }
            if case .error = r { return r }
            // IEEE: any ordering involving NaN is false (not an error).
            if let a = l.number, let b = r.number, a.isNaN || b.isNaN { return .bool(false) }
            guard let c = l.compare(r) else {
                return .error("Unsupported operation error. Received: \(l.typeName) \(op.rawValue) \(r.typeName).", node: node)
            }
            switch op {
            case .less: return .bool(c < 0)
            case .lessOrEqual: return .bool(c <= 0)
            case .greater: return .bool(c > 0)
            default: return .bool(c >= 0)
            }
        case .in: return r.contains(l, node: node)
        case .add, .subtract, .multiply, .divide, .modulo: return RuleValue.arithmetic(op, l, r, node: node)
        case .and, .or: return .error("internal: logical operator dispatched eagerly", node: node)
        }
    }
}
