import Foundation

/// String methods (reference §8.2). Sizes and indexes count Unicode code points.
/// Regexes use Foundation's `NSRegularExpression` (ICU), not RE2: RE2 syntax is mostly a
/// subset, but ICU additionally accepts backreferences and lookaround that production rejects,
/// and `\pN`-style classes may differ. `matches` anchors the whole string as `^(?:re)$`.
enum StringFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "lower": 0...0, "upper": 0...0, "trim": 0...0, "size": 0...0, "split": 1...1, "replace": 2...2,
        "matches": 1...1, "toUtf8": 0...0,
    ]

    static func call(_ s: String, _ name: String, _ args: [RuleValue], node: Int, state: EvaluationState) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.lowerBound)", got: args.count, node: node)
        }
        switch name {
        case "lower": return .string(s.lowercased())
        case "upper": return .string(s.uppercased())
        case "trim": return .string(s.trimmingCharacters(in: .whitespacesAndNewlines))
        case "size": return .int(Int64(s.unicodeScalars.count))
        case "toUtf8": return .bytes(Array(s.utf8))
        default: break
        }
        guard case .string(let pattern) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
        guard let regex = state.regex(pattern, whole: name == "matches") else {
            return .error("Invalid regular expression: '\(pattern)'.", node: node)
        }
        let ns = s as NSString
        let range = NSRange(location: 0, length: ns.length)
        switch name {
        case "matches":
            return .bool(regex.firstMatch(in: s, options: [], range: range) != nil)
        case "split":
            var parts: [RuleValue] = []
            var start = 0
            for m in regex.matches(in: s, options: [], range: range) where m.range.length > 0 {
                parts.append(.string(ns.substring(with: NSRange(location: start, length: m.range.location - start))))
                start = m.range.location + m.range.length
            }
            parts.append(.string(ns.substring(from: start)))
            return .list(parts)
        default:  // replace
            guard case .string(let replacement) = args[1] else { return FunctionSupport.typeError(name, args, node: node) }
            // RE2 writes groups as \1; ICU templates use $1. Escape literal `$` and translate `\N`.
            var template = ""
            var iterator = Array(replacement).makeIterator()
            while let c = iterator.next() {
                if c == "$" {
                    template += "\\$"
                } else if c == "\\" {
                    if let d = iterator.next() {
                        template += d.isNumber ? "$\(d)" : "\\\(d)"
                    } else {
                        template += "\\\\"
                    }
                } else {
                    template.append(c)
                }
            }
            return .string(regex.stringByReplacingMatches(in: s, options: [], range: range, withTemplate: template))
        }
    }
}
