extension RuleValue: CustomStringConvertible {
    /// A readable rendering for explanations, debug output and test failures.
    public var description: String { self.debugText }

    public var debugText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .float(let f): return GlobalFunctions.formatFloat(f)
        case .string(let s): return "'\(s)'"
        case .bytes(let b): return "b'" + b.map { "\\x" + String(format2: $0) }.joined() + "'"
        case .path(let p): return "path('\(p)')"
        case .list(let l): return "[" + l.map(\.debugText).joined(separator: ", ") + "]"
        case .set(let s): return "set([" + s.map(\.debugText).joined(separator: ", ") + "])"
        case .map(let m):
            return "{" + m.keys.sorted().map { "'\($0)': \(m[$0]!.debugText)" }.joined(separator: ", ") + "}"
        case .mapDiff(let d): return "map_diff(\(RuleValue.map(d.left).debugText), \(RuleValue.map(d.right).debugText))"
        case .timestamp(let t): return "timestamp(\(t.seconds)s, \(t.nanos)ns)"
        case .duration(let d): return "duration(\(d.seconds)s, \(d.nanos)ns)"
        case .latlng(let a, let b): return "latlng(\(a), \(b))"
        case .error(let e): return "error(\(e.message))"
        case .constrained(.field(let c)): return "constrained(resource.data.\(c.field.joined(separator: ".")))"
        case .constrained(.map(_, let path)): return "constrained(resource.data\(path.map { "." + $0 }.joined()))"
        }
    }
}
