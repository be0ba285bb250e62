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
}

extension Array where Element == Diagnostic {
    /// True when at least one diagnostic is an error (warnings do not block compilation).
    public var containsErrors: Bool { self.contains { $0.severity == .error } }
}
