/// `allow read, write: if cond;` — `condition == nil` means always allow.
public struct AllowDecl: Sendable {
    public var methods: [RuleMethod]
    public var condition: Expr?
    public var location: SourceLocation
}
