/// Prints expressions and rule files in a stable, fully parenthesised form for golden parser
/// tests (the role of cel-go's `common/debug`): `(&& (== a 1) (call f [x]))`.
public enum ASTPrinter {
    public static func print(_ e: Expr) -> String {
        switch e.kind {
        case .literal(let v): return v.debugText
        case .identifier(let n): return n
        case .select(let t, let f): return "(. \(Self.print(t)) \(f))"
        case .index(let t, let i): return "([] \(Self.print(t)) \(Self.print(i)))"
        case .slice(let t, let l, let u):
            return "([:] \(Self.print(t)) \(l.map(Self.print) ?? "_") \(u.map(Self.print) ?? "_"))"
        case .call(let n, let args): return "(call \(n)" + args.map { " " + Self.print($0) }.joined() + ")"
        case .method(let t, let n, let args):
            return "(method \(Self.print(t)) \(n)" + args.map { " " + Self.print($0) }.joined() + ")"
        case .unary(let op, let x): return "(\(op.rawValue) \(Self.print(x)))"
        case .binary(let op, let a, let b): return "(\(op.rawValue) \(Self.print(a)) \(Self.print(b)))"
        case .ternary(let c, let a, let b): return "(?: \(Self.print(c)) \(Self.print(a)) \(Self.print(b)))"
        case .isType(let x, let t): return "(is \(Self.print(x)) \(t))"
        case .list(let items): return "[" + items.map(Self.print).joined(separator: " ") + "]"
        case .map(let entries):
            return "{" + entries.map { "\(Self.print($0.key)): \(Self.print($0.value))" }.joined(separator: ", ") + "}"
        case .path(let parts):
            return "(path " + parts.map { part -> String in
                switch part {
                case .text(let s): return "/" + s
                case .interpolation(let x): return "/$(" + Self.print(x) + ")"
                }
            }.joined() + ")"
        }
    }

    /// An outline of a rules file: version, functions, matches and allows, one per line.
    public static func print(_ file: RulesFile) -> String {
        var lines = ["rules_version \(file.version)"]
        func function(_ f: FunctionDecl, _ indent: String) {
            lines.append("\(indent)function \(f.name)(\(f.parameters.joined(separator: ", ")))")
            for l in f.lets { lines.append("\(indent)  let \(l.name) = \(Self.print(l.value))") }
            if let b = f.body { lines.append("\(indent)  return \(Self.print(b))") }
        }
        func match(_ m: MatchDecl, _ indent: String) {
            lines.append("\(indent)match /" + m.pattern.map(\.description).joined(separator: "/"))
            m.functions.forEach { function($0, indent + "  ") }
            for a in m.allows {
                let cond = a.condition.map { " if " + Self.print($0) } ?? ""
                lines.append("\(indent)  allow \(a.methods.map(\.rawValue).joined(separator: ","))\(cond) @L\(a.location.line)")
            }
            m.matches.forEach { match($0, indent + "  ") }
        }
        file.functions.forEach { function($0, "") }
        for s in file.services {
            lines.append("service \(s.name)")
            s.functions.forEach { function($0, "  ") }
            s.matches.forEach { match($0, "  ") }
        }
        return lines.joined(separator: "\n")
    }
}
