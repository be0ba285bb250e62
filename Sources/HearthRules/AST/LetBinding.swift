/// `let x = expr;` inside a function.
public struct LetBinding: Sendable {
    public var name: String
    public var value: Expr
    public var location: SourceLocation
}
