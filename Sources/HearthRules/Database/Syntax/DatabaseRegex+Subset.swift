extension DatabaseRegex {
    /// Checks a pattern against Firebase's subset and returns it in ICU syntax. Rejected: `^`
    /// other than first, `$` other than last, empty alternatives and groups (`(a|)`, `()`),
    /// `(?` groups, backreferences, `\b`, and a `{` that does not start a repetition `{n}`,
    /// `{n,}`, `{n,m}`. A lone `}` is a literal in Firebase, so it is escaped for ICU.
    static func translate(_ p: [Unicode.Scalar]) throws(DatabaseExpressionError) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        var inClass = false
        func fail(_ message: String, _ at: Int) -> DatabaseExpressionError {
            DatabaseExpressionError(message: message + " in a rules regular expression", offset: at)
        }
        while i < p.count {
            let c = p[i]
            if c == "\\" {
                guard i + 1 < p.count else { throw fail("trailing '\\'", i) }
                if "123456789bB".unicodeScalars.contains(p[i + 1]) { throw fail("'\\\(p[i + 1])' is not supported", i) }
                out.append(c)
                out.append(p[i + 1])
                i += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
                if c == "[" { out.append("\\") }
                out.append(c)
                i += 1
                continue
            }
            switch c {
            case "[":
                inClass = true
                if i + 1 < p.count, p[i + 1] == "]" || (p[i + 1] == "^" && i + 2 < p.count && p[i + 2] == "]") {
                    throw fail("empty character class", i)
                }
                if i + 1 < p.count, p[i + 1] == "^" {
                    out.append(contentsOf: "[^".unicodeScalars)
                    i += 2
                    continue
                }
            case "^" where i != 0: throw fail("'^' is only allowed as the first character", i)
            case "$" where i != p.count - 1: throw fail("'$' is only allowed as the last character", i)
            case "(":
                if i + 1 < p.count, p[i + 1] == "?" { throw fail("'(?' groups are not supported", i) }
                if i + 1 < p.count, p[i + 1] == ")" { throw fail("empty group", i) }
            case "|":
                let before = i == 0 ? nil : p[i - 1]
                let after = i + 1 < p.count ? p[i + 1] : nil
                if before == nil || before == "(" || before == "|" || before == "^" || after == nil || after == ")" || after == "$" {
                    throw fail("empty alternative", i)
                }
            case "{":
                let length = Self.repetitionLength(p, at: i)
                guard length > 0 else { throw fail("'{' must start a repetition such as {2} or {1,3}", i) }
                out.append(contentsOf: p[i..<i + length])
                i += length
                continue
            case "}":
                out.append("\\")
            default:
                break
            }
            out.append(c)
            i += 1
        }
        if inClass { throw fail("unterminated character class", p.count) }
        return String(out)
    }

    /// The length of `{n}`, `{n,}` or `{n,m}` starting at `i`, or 0.
    static func repetitionLength(_ p: [Unicode.Scalar], at start: Int) -> Int {
        var i = start + 1
        var digits = 0
        while i < p.count, ("0"..."9").contains(p[i]) {
            i += 1
            digits += 1
        }
        guard digits > 0, i < p.count else { return 0 }
        if p[i] == "," {
            i += 1
            while i < p.count, ("0"..."9").contains(p[i]) { i += 1 }
        }
        return i < p.count && p[i] == "}" ? i - start + 1 : 0
    }
}
