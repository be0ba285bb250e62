/// The syntax tree of one RTDB rule expression. Every node keeps the scalar offset of its
/// token in the expression text, mapped to file:line:column when reported.
indirect enum DatabaseExpression: Sendable {
    case null(at: Int)
    case bool(Bool, at: Int)
    case number(Double, at: Int)
    case string(String, at: Int)
    case regex(DatabaseRegex, at: Int)
    /// Only meaningful as the argument of `hasChildren([...])`.
    case array([DatabaseExpression], at: Int)
    case variable(DatabaseVariable, at: Int)
    /// `object.name`; the offset is the name's.
    case member(DatabaseExpression, String, at: Int)
    /// `object[key]`.
    case index(DatabaseExpression, DatabaseExpression, at: Int)
    case call(DatabaseExpression, [DatabaseExpression], at: Int)
    case not(DatabaseExpression, at: Int)
    case negate(DatabaseExpression, at: Int)
    case binary(DatabaseBinaryOperator, DatabaseExpression, DatabaseExpression, at: Int)
    case conditional(DatabaseExpression, DatabaseExpression, DatabaseExpression, at: Int)

    var offset: Int {
        switch self {
        case .null(let at), .bool(_, let at), .number(_, let at), .string(_, let at), .regex(_, let at),
            .array(_, let at), .variable(_, let at), .member(_, _, let at), .index(_, _, let at),
            .call(_, _, let at), .not(_, let at), .negate(_, let at), .binary(_, _, _, let at),
            .conditional(_, _, _, let at):
            return at
        }
    }
}

extension DatabaseExpression {
    /// The offset of the expression's first token (its leftmost operand), where an error about
    /// the whole expression is reported.
    var start: Int {
        switch self {
        case .member(let object, _, _), .index(let object, _, _), .call(let object, _, _): object.start
        case .binary(_, let left, _, _), .conditional(let left, _, _, _): left.start
        default: self.offset
        }
    }
}
