/// Operators are an enum, not strings (style §8); the evaluator dispatches on them.
public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}
