/// `function f(a, b) { let x = …; return expr; }`
public struct FunctionDecl: Sendable {
    public var name: String
    public var parameters: [String]
    public var lets: [LetBinding]
    public var body: Expr?
    public var location: SourceLocation
}
