/// Diagnostics with the offending source line and a caret under the column, as compilers (and
/// cel-go's `ERROR: <input>:1:3:` format) print them.
///
/// Cost is linear in the source whatever it holds: the source is split into lines once for all
/// diagnostics, a long line is shown as a window of ``Diagnostic/excerptWidth`` scalars around
/// the column, and only the first ``Diagnostic/excerptLimit`` diagnostics get an excerpt (the
/// rest keep their one-line form). Splitting the whole source again for every diagnostic was
/// quadratic: a 700 KB rules file with 20,000 errors (found by fuzzing) kept a `PUT
/// /.settings/rules.json` busy for minutes.
extension Diagnostic {
    /// Diagnostics after this many are printed without a source excerpt.
    public static let excerptLimit = 100
    /// The widest excerpt of a source line, in Unicode scalars.
    public static let excerptWidth = 160

    /// The one-line form followed by the offending source line and a caret under the column.
    public func formatted(source: String) -> String {
        [self].formatted(source: source)
    }

    /// The excerpt lines of `line` (tabs shown as spaces), with the caret under the column.
    fileprivate func excerpt(of line: [Unicode.Scalar]) -> String {
        var scalars = line
        if scalars.last == "\r" { scalars.removeLast() }
        var column = max(0, self.location.column - 1)
        var prefix = ""
        var suffix = ""
        if scalars.count > Self.excerptWidth {
            let start = min(max(0, column - Self.excerptWidth / 2), scalars.count - Self.excerptWidth)
            let end = start + Self.excerptWidth
            if start > 0 { prefix = "…" }
            if end < scalars.count { suffix = "…" }
            scalars = Array(scalars[start..<end])
            column = column - start + prefix.count
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars.map { $0 == "\t" ? " " : $0 })
        let caret = String(repeating: " ", count: max(0, column)) + "^"
        return "\(self.description)\n\(prefix)\(String(text))\(suffix)\n\(caret)"
    }
}

extension Array where Element == Diagnostic {
    /// All diagnostics, one after another, separated by newlines: the first
    /// ``Diagnostic/excerptLimit`` with source excerpts, the rest in their one-line form.
    public func formatted(source: String) -> String {
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var output: [String] = []
        output.reserveCapacity(self.count)
        // Each line is turned into scalars once, however many diagnostics point into it.
        var lineScalars: [Int: [Unicode.Scalar]] = [:]
        for (index, diagnostic) in self.enumerated() {
            let line = diagnostic.location.line
            guard index < Diagnostic.excerptLimit, line >= 1, line <= lines.count else {
                output.append(diagnostic.description)
                continue
            }
            let scalars = lineScalars[line] ?? lines[line - 1].map { $0 }
            lineScalars[line] = scalars
            output.append(diagnostic.excerpt(of: scalars))
        }
        return output.joined(separator: "\n")
    }
}
