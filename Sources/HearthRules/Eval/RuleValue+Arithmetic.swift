extension RuleValue {
    /// `+ - * / %` with production semantics: int overflow and division by zero are errors;
    /// mixed int/float promotes to float; int/int truncates toward zero (`-7/2 == -3`).
    static func arithmetic(_ op: BinaryOperator, _ lhs: RuleValue, _ rhs: RuleValue, node: Int) -> RuleValue {
        if case .error = lhs { return lhs }
        if case .error = rhs { return rhs }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return Self.intArithmetic(op, a, b, node: node)
        case (.int, .float), (.float, .int), (.float, .float):
            let a = lhs.number!
            let b = rhs.number!
            switch op {
            case .add: return .float(a + b)
            case .subtract: return .float(a - b)
            case .multiply: return .float(a * b)
            case .divide:
                if b == 0 { return .error("Division by zero.", node: node) }
                return .float(a / b)
            case .modulo:
                return .error("Operator '%' requires int operands, got \(lhs.typeName) and \(rhs.typeName).", node: node)
            default: break
            }
        case (.string(let a), .string(let b)) where op == .add:
            return .string(a + b)
        case (.bytes(let a), .bytes(let b)) where op == .add:
            return .bytes(a + b)
        case (.list(let a), .list(let b)) where op == .add:
            return .list(a + b)
        case (.timestamp(let t), .duration(let d)) where op == .add || op == .subtract:
            let r = t + (op == .add ? d : -d)
            return r.isValid ? .timestamp(r) : .error("Timestamp out of range.", node: node)
        case (.duration(let d), .timestamp(let t)) where op == .add:
            let r = t + d
            return r.isValid ? .timestamp(r) : .error("Timestamp out of range.", node: node)
        case (.timestamp(let a), .timestamp(let b)) where op == .subtract:
            return .duration(a - b)
        case (.duration(let a), .duration(let b)) where op == .add || op == .subtract:
            let r = a + (op == .add ? b : -b)
            return r.isValid ? .duration(r) : .error("Duration out of range.", node: node)
        default: break
        }
        return .error(
            "Unsupported operation error. Received: \(lhs.typeName) \(op.rawValue) \(rhs.typeName).", node: node)
    }

    private static func intArithmetic(_ op: BinaryOperator, _ a: Int64, _ b: Int64, node: Int) -> RuleValue {
        let result: (Int64, Bool)
        switch op {
        case .add: result = a.addingReportingOverflow(b)
        case .subtract: result = a.subtractingReportingOverflow(b)
        case .multiply: result = a.multipliedReportingOverflow(by: b)
        case .divide:
            if b == 0 { return .error("Division by zero.", node: node) }
            result = a.dividedReportingOverflow(by: b)
        case .modulo:
            if b == 0 { return .error("Modulus by zero.", node: node) }
            result = a.remainderReportingOverflow(dividingBy: b)
        default:
            return .error("Unsupported operation error.", node: node)
        }
        return result.1 ? .error("Integer overflow.", node: node) : .int(result.0)
    }

    /// Unary `-`: ints (overflow on Int64.min is an error), floats, durations.
    func negated(node: Int) -> RuleValue {
        switch self {
        case .error: return self
        case .int(let v):
            return v == .min ? .error("Integer overflow.", node: node) : .int(-v)
        case .float(let v): return .float(-v)
        case .duration(let d): return .duration(-d)
        default: return .error("Unsupported operation error. Received: -\(self.typeName).", node: node)
        }
    }

    /// `x is T` type test; `number` matches int and float.
    func isOfType(_ name: String) -> Bool? {
        switch name {
        case "number": if case .int = self { return true } else if case .float = self { return true } else { return false }
        case "bool", "int", "float", "string", "bytes", "path", "list", "map", "set", "timestamp", "duration", "latlng",
            "map_diff":
            return self.typeName == name
        case "null": return self.typeName == "null"
        default: return nil
        }
    }
}
