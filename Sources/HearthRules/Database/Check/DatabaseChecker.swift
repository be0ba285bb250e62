/// The upload-time check of one RTDB rule expression: infers types the way Firebase's
/// validator does and rejects what Firebase rejects with a 400 (reference §8.7): unknown
/// variables and members, `newData` in `.read`, wrong argument counts and types, comparisons
/// of snapshots or booleans, non-boolean operands of `&& || ! ?:`, and rules that are not
/// booleans. Fuzzy types (`auth.x`, `val()`) pass, and are checked again at run time.
struct DatabaseChecker {
    /// The `$wildcards` bound on the rule's path.
    let wildcards: Set<String>
    /// False for `.read`: `newData` exists only for writes.
    let allowsNewData: Bool

    /// Checks a whole rule: it must be a boolean expression.
    func checkRule(_ expression: DatabaseExpression) throws(DatabaseExpressionError) {
        let type = try self.type(of: expression)
        guard type == .boolean else {
            throw DatabaseExpressionError(
                message: "a rule must be a boolean expression, but this one is a \(type.name)", offset: expression.start)
        }
    }

    func type(of expression: DatabaseExpression) throws(DatabaseExpressionError) -> DatabaseStaticType {
        switch expression {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .regex: return .regex
        case .array(let elements, _):
            for element in elements { _ = try self.type(of: element) }
            return .array
        case .variable(let variable, let at): return try self.type(of: variable, at: at)
        case .member(let object, let name, let at): return try self.memberType(object, name: name, at: at)
        case .index(let object, let key, let at): return try self.indexType(object, key: key, at: at)
        case .call(let callee, let arguments, let at): return try self.callType(callee, arguments, at: at)
        case .not(let operand, let at):
            try self.require(operand, [.boolean], strict: true, "'!' needs a boolean operand", at: at)
            return .boolean
        case .negate(let operand, let at):
            try self.require(operand, [.number], strict: false, "unary '-' needs a number operand", at: at)
            return .number
        case .binary(let op, let left, let right, let at): return try self.binaryType(op, left, right, at: at)
        case .conditional(let test, let then, let otherwise, let at):
            try self.require(test, [.boolean], strict: true, "the condition of '?:' must be a boolean", at: at)
            let a = try self.type(of: then)
            let b = try self.type(of: otherwise)
            if a == b { return a }
            return a.isPrimitive && b.isPrimitive ? .primitive : .any
        }
    }

    func type(of variable: DatabaseVariable, at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        switch variable {
        case .auth: return .any
        case .now: return .number
        case .root, .data: return .snapshot
        case .query: return .query
        case .newData:
            guard self.allowsNewData else {
                throw DatabaseExpressionError(message: "unknown variable 'newData' (it exists only in .write and .validate rules)", offset: at)
            }
            return .snapshot
        case .wildcard(let name):
            guard self.wildcards.contains(name) else {
                throw DatabaseExpressionError(message: "unknown variable '\(name)': no such wildcard on this rule's path", offset: at)
            }
            return .string
        case .unknown(let name):
            throw DatabaseExpressionError(message: "unknown variable '\(name)'", offset: at)
        }
    }

    /// Checks that `operand` has one of `types`; the message names the type found.
    func require(
        _ operand: DatabaseExpression, _ types: [DatabaseStaticType], strict: Bool, _ message: String, at: Int
    ) throws(DatabaseExpressionError) {
        let type = try self.type(of: operand)
        guard type.fits(types, strict: strict) else {
            throw DatabaseExpressionError(message: "\(message), got \(type.name)", offset: operand.start)
        }
    }
}
