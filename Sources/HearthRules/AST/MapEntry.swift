/// One `key: value` entry of a map literal.
public struct MapEntry: Sendable {
    public let key: Expr
    public let value: Expr
}
