/// One segment of a match pattern.
public enum PathPatternSegment: Sendable, Hashable, CustomStringConvertible {
    case literal(String)
    /// `{x}` binds one segment as a string.
    case wildcard(String)
    /// `{x=**}` binds the rest (v1: one or more, last only; v2: zero or more, anywhere) as a path.
    case recursiveWildcard(String)

    var isRecursiveWildcard: Bool {
        if case .recursiveWildcard = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .literal(let s): return s
        case .wildcard(let s): return "{\(s)}"
        case .recursiveWildcard(let s): return "{\(s)=**}"
        }
    }
}
