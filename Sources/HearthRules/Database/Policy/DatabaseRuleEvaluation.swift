/// One rule evaluated while deciding a request, with its outcome: the material of a denial's
/// explanation (which rule, where in the file, at which data path, and why it did not pass).
public struct DatabaseRuleEvaluation: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        case `true`
        case `false`
        /// A runtime error (which makes the rule false in Firebase), with its position in the file.
        case error(String, SourceLocation)
    }

    public var kind: DatabaseRuleKind
    /// `/rules/messages/$id/.read`
    public var rulePath: String
    /// The data location the rule was evaluated for, `/messages/m1`.
    public var dataPath: String
    public var fileName: String
    public var location: SourceLocation
    public var outcome: Outcome

    /// `/rules/messages/$id/.read (database.rules.json:7:18) at /messages/m1: false`
    public var description: String {
        let result: String
        switch self.outcome {
        case .true: result = "true"
        case .false: result = "false"
        case .error(let message, let at): result = "error at \(self.fileName):\(at.line):\(at.column): \(message)"
        }
        return "\(self.rulePath) (\(self.fileName):\(self.location.line):\(self.location.column)) at \(self.dataPath): \(result)"
    }
}
