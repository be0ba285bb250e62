/// An expression node. Every node carries a file-unique `id`; its source position lives in the
/// `SourceMap` side table (cel-go style) so runtime errors can name the node that failed.
public struct Expr: Sendable {
    public let id: Int
    public let kind: Kind

    public init(id: Int, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    public indirect enum Kind: Sendable {
        case literal(RuleValue)
        case identifier(String)
        /// `a.b` field selection (maps; `null.b` is "Null value error.").
        case select(Expr, String)
        /// `a[i]`
        case index(Expr, Expr)
        /// `a[i:j]` (either bound optional)
        case slice(Expr, Expr?, Expr?)
        /// A global call: user function, `get`/`exists`/..., or a namespaced builtin like `math.abs`.
        case call(String, [Expr])
        /// `target.name(args)`
        case method(Expr, String, [Expr])
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        /// `x is type`
        case isType(Expr, String)
        case list([Expr])
        case map([MapEntry])
        /// A path literal `/databases/$(database)/documents/x`
        case path([PathLiteralPart])
    }
}
