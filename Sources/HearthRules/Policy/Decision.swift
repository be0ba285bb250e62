/// The outcome of authorising one request, with the emulator's explanation shapes
/// (reference §7.5): `false for 'update' @ L5`, `Null value error. for 'list' @ L11`,
/// `No matching allow statements`.
public struct Decision: Sendable, CustomStringConvertible {
    public var isAllowed: Bool
    /// Every allow statement that applied, in evaluation order, with its outcome.
    public var evaluations: [AllowEvaluation]
    /// Human explanation: for a deny, every applied allow's outcome joined by "; ", or
    /// "No matching allow statements"; for an allow, the granting statement.
    public var explanation: String

    public init(isAllowed: Bool, evaluations: [AllowEvaluation] = [], explanation: String) {
        self.isAllowed = isAllowed
        self.evaluations = evaluations
        self.explanation = explanation
    }

    public var description: String { (self.isAllowed ? "ALLOW: " : "DENY: ") + self.explanation }
}
