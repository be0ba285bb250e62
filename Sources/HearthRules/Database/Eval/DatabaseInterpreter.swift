/// Evaluates a checked RTDB rule expression.
///
/// Runtime errors are thrown, not carried as values: in RTDB a runtime error anywhere makes the
/// whole rule false, even under `|| true` (reference §8.7, recorded from production), which is
/// exactly what unwinding to ``evaluateRule(_:)`` gives. `&&`, `||` and `?:` short-circuit as in
/// JavaScript, so an error in a branch that is not taken does not count.
struct DatabaseInterpreter {
    let context: DatabaseEvaluationContext

    /// True only when the rule evaluates to the boolean `true`.
    func evaluateRule(_ expression: DatabaseExpression) throws(DatabaseExpressionError) -> Bool {
        if case .bool(true) = try self.evaluate(expression) { return true }
        return false
    }

    func evaluate(_ expression: DatabaseExpression) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        switch expression {
        case .null: return .null
        case .bool(let b, _): return .bool(b)
        case .number(let n, _): return .number(n)
        case .string(let s, _): return .string(s)
        case .regex(let r, _): return .regex(r)
        case .array(let elements, _):
            var values: [DatabaseRuleValue] = []
            for element in elements { values.append(try self.evaluate(element)) }
            return .array(values)
        case .variable(let variable, let at): return try self.value(of: variable, at: at)
        case .member(let object, let name, let at):
            return try self.property(name, of: try self.evaluate(object), at: at)
        case .index(let object, let key, let at):
            let receiver = try self.evaluate(object)
            return try self.property(try self.evaluate(key).propertyKey, of: receiver, at: at)
        case .call(let callee, let arguments, let at): return try self.call(callee, arguments, at: at)
        case .not(let operand, _): return .bool(!(try self.evaluate(operand)).isTruthy)
        case .negate(let operand, let at):
            guard case .number(let n) = try self.evaluate(operand) else {
                throw DatabaseExpressionError(message: "unary '-' needs a number", offset: at)
            }
            return .number(-n)
        case .binary(let op, let left, let right, let at): return try self.binary(op, left, right, at: at)
        case .conditional(let test, let then, let otherwise, _):
            if case .bool(true) = try self.evaluate(test) { return try self.evaluate(then) }
            return try self.evaluate(otherwise)
        }
    }

    func value(of variable: DatabaseVariable, at: Int) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        switch variable {
        case .auth: return self.context.auth
        case .now: return .number(self.context.now)
        case .root: return .snapshot(DatabaseRuleSnapshot(source: self.context.data, path: []))
        case .data: return .snapshot(DatabaseRuleSnapshot(source: self.context.data, path: self.context.path))
        case .newData:
            guard let newData = self.context.newData else {
                throw DatabaseExpressionError(message: "newData is not defined in a read", offset: at)
            }
            return .snapshot(DatabaseRuleSnapshot(source: newData, path: self.context.path))
        case .query: return .query(self.context.query)
        case .wildcard(let name):
            guard let segment = self.context.wildcards[name] else {
                throw DatabaseExpressionError(message: "\(name) is not bound", offset: at)
            }
            return .string(segment)
        case .unknown(let name): throw DatabaseExpressionError(message: "unknown variable '\(name)'", offset: at)
        }
    }
}

extension DatabaseRuleValue {
    /// The key a computed member access `x[key]` looks up (JavaScript converts it to a string).
    var propertyKey: String {
        switch self {
        case .string(let s): s
        case .number(let n): DatabaseRuleValue.javaScriptString(n)
        case .bool(let b): b ? "true" : "false"
        default: "null"
        }
    }
}
