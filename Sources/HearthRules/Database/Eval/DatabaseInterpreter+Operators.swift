extension DatabaseInterpreter {
    /// Binary operators with Firebase's runtime typing (reference §8.7).
    func binary(
        _ op: DatabaseBinaryOperator, _ leftExpression: DatabaseExpression, _ rightExpression: DatabaseExpression, at: Int
    ) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        let left = try self.evaluate(leftExpression)
        switch op {
        case .and: return left.isTruthy ? try self.evaluate(rightExpression) : left
        case .or: return left.isTruthy ? left : try self.evaluate(rightExpression)
        default: break
        }
        let right = try self.evaluate(rightExpression)
        switch op {
        case .add:
            switch (left, right) {
            case (.number(let a), .number(let b)): return .number(a + b)
            case (.string, .string), (.string, .number), (.number, .string):
                return .string(left.concatenationText + right.concatenationText)
            default: throw Self.typeError(op, left, right, at: at)
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let a) = left, case .number(let b) = right else { throw Self.typeError(op, left, right, at: at) }
            switch op {
            case .subtract: return .number(a - b)
            case .multiply: return .number(a * b)
            case .divide: return .number(b == 0 ? .nan : a / b)
            default: return .number(a.truncatingRemainder(dividingBy: b))
            }
        case .equal, .notEqual:
            guard left.isEquatable, right.isEquatable else { throw Self.typeError(op, left, right, at: at) }
            return .bool(left.strictlyEquals(right) == (op == .equal))
        default:
            return .bool(try Self.compare(op, left, right, at: at))
        }
    }

    /// `< <= > >=`: two numbers, two strings (UTF-16 order, as JavaScript) or two nulls.
    static func compare(
        _ op: DatabaseBinaryOperator, _ left: DatabaseRuleValue, _ right: DatabaseRuleValue, at: Int
    ) throws(DatabaseExpressionError) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            switch op {
            case .less: return a < b
            case .lessEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        case (.string(let a), .string(let b)):
            let ordered = a.utf16.lexicographicallyPrecedes(b.utf16)
            let reverse = b.utf16.lexicographicallyPrecedes(a.utf16)
            switch op {
            case .less: return ordered
            case .lessEqual: return !reverse
            case .greater: return reverse
            default: return !ordered
            }
        case (.null, .null):
            return op == .lessEqual || op == .greaterEqual
        default:
            throw Self.typeError(op, left, right, at: at)
        }
    }

    static func typeError(_ op: DatabaseBinaryOperator, _ left: DatabaseRuleValue, _ right: DatabaseRuleValue, at: Int) -> DatabaseExpressionError {
        DatabaseExpressionError(message: "'\(op.rawValue)' cannot combine \(left.typeName) and \(right.typeName)", offset: at)
    }
}

extension DatabaseRuleValue {
    /// Values `==` accepts: primitives and objects, never snapshots, regexes or arrays.
    var isEquatable: Bool {
        switch self {
        case .null, .bool, .number, .string, .object, .opaqueObject: true
        default: false
        }
    }
}
