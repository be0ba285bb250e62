/// One token of an RTDB rule expression, with its offset (in Unicode scalars) in the expression.
struct DatabaseToken: Sendable {
    enum Kind: Sendable {
        case number(Double)
        case string(String)
        case identifier(String)
        case regex(pattern: String, flags: String)
        case symbol(DatabaseSymbol)
        case end
    }

    var kind: Kind
    var offset: Int

    /// How the token reads in an error message.
    var display: String {
        switch self.kind {
        case .number(let n): "number \(DatabaseRuleValue.javaScriptString(n))"
        case .string(let s): "string '\(s)'"
        case .identifier(let name): "'\(name)'"
        case .regex(let pattern, let flags): "regular expression /\(pattern)/\(flags)"
        case .symbol(let s): "'\(s.rawValue)'"
        case .end: "the end of the expression"
        }
    }
}
