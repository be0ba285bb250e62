/// A lexical token of the rules language. Keywords are recognised by the parser from
/// identifiers (the rules language has few reserved words and they are contextual).
public struct Token: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case identifier(String)
        case int(Int64)
        case float(Double)
        case string(String)
        case bytes([UInt8])
        case punct(String)
        case endOfFile
        case invalid(String)
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Human description for "expected X, found Y" messages.
    public var display: String {
        switch self.kind {
        case .identifier(let s): return "'\(s)'"
        case .int(let v): return "'\(v)'"
        case .float(let v): return "'\(v)'"
        case .string: return "string literal"
        case .bytes: return "bytes literal"
        case .punct(let p): return "'\(p)'"
        case .endOfFile: return "end of file"
        case .invalid(let m): return m
        }
    }

    public func isPunct(_ p: String) -> Bool {
        if case .punct(let q) = self.kind { return p == q }
        return false
    }

    public func isIdentifier(_ name: String) -> Bool {
        if case .identifier(let q) = self.kind { return name == q }
        return false
    }

    public var identifier: String? {
        if case .identifier(let q) = self.kind { return q }
        return nil
    }
}
