extension DatabaseChecker {
    /// Operand rules of Firebase's validator: `+` on strings and numbers, `- * / %` on numbers,
    /// `== !=` on primitives (never snapshots), `< <= > >=` on strings, numbers or null of the
    /// same type, `&& ||` on booleans only.
    func binaryType(
        _ op: DatabaseBinaryOperator, _ left: DatabaseExpression, _ right: DatabaseExpression, at: Int
    ) throws(DatabaseExpressionError) -> DatabaseStaticType {
        switch op {
        case .and, .or:
            try self.require(left, [.boolean], strict: true, "the left operand of '\(op.rawValue)' must be a boolean", at: at)
            try self.require(right, [.boolean], strict: true, "the right operand of '\(op.rawValue)' must be a boolean", at: at)
            return .boolean
        case .add:
            let (l, r) = try self.operands(op, left, right, allowed: [.string, .number], at: at)
            if l == .string || r == .string { return .string }
            return l == .number && r == .number ? .number : .primitive
        case .subtract, .multiply, .divide, .remainder:
            _ = try self.operands(op, left, right, allowed: [.number], at: at)
            return .number
        case .equal, .notEqual:
            _ = try self.operands(op, left, right, allowed: [.string, .number, .boolean, .null], at: at)
            return .boolean
        case .less, .lessEqual, .greater, .greaterEqual:
            let (l, r) = try self.operands(op, left, right, allowed: [.string, .number, .null], at: at)
            if !l.isFuzzy, !r.isFuzzy, l != r {
                throw DatabaseExpressionError(
                    message: "'\(op.rawValue)' compares values of one type, got \(l.name) and \(r.name)", offset: at)
            }
            return .boolean
        }
    }

    func operands(
        _ op: DatabaseBinaryOperator, _ left: DatabaseExpression, _ right: DatabaseExpression,
        allowed: [DatabaseStaticType], at: Int
    ) throws(DatabaseExpressionError) -> (DatabaseStaticType, DatabaseStaticType) {
        let l = try self.type(of: left)
        let r = try self.type(of: right)
        let names = allowed.map(\.name).joined(separator: " or ")
        guard l.fits(allowed) else {
            throw DatabaseExpressionError(message: "the left operand of '\(op.rawValue)' must be a \(names), got \(l.name)", offset: left.start)
        }
        guard r.fits(allowed) else {
            throw DatabaseExpressionError(message: "the right operand of '\(op.rawValue)' must be a \(names), got \(r.name)", offset: right.start)
        }
        return (l, r)
    }
}
