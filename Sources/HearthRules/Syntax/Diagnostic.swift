/// One compile-time problem in a rules file. Diagnostics accumulate (the parser recovers at the
/// next statement or brace) so a user sees every error of a file at once, like cel-go's `Issues`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var fileName: String
    public var location: SourceLocation

    public init(severity: Severity = .error, message: String, fileName: String, location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.fileName = fileName
        self.location = location
    }

    /// `firestore.rules:12:5: error: expected ';' after allow statement`
    public var description: String {
        "\(self.fileName):\(self.location.line):\(self.location.column): \(self.severity.rawValue): \(self.message)"
    }

    /// The one-line form followed by the offending source line and a caret under the column,
    /// as compilers (and cel-go's `ERROR: <input>:1:3:` format) print them.
    public func formatted(source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard self.location.line >= 1, self.location.line <= lines.count else { return self.description }
        let text = String(lines[self.location.line - 1]).replacingTabs()
        let caret = String(repeating: " ", count: max(0, self.location.column - 1)) + "^"
        return "\(self.description)\n\(text)\n\(caret)"
    }
}

extension Array where Element == Diagnostic {
    /// True when at least one diagnostic is an error (warnings do not block compilation).
    public var containsErrors: Bool { self.contains { $0.severity == .error } }

    /// All diagnostics formatted with source excerpts, separated by newlines.
    public func formatted(source: String) -> String {
        self.map { $0.formatted(source: source) }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(self.map { $0 == "\t" ? " " : $0 })
    }
}
