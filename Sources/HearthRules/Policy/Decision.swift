/// The outcome of authorising one request, with the emulator's explanation shapes
/// (reference §7.5): `false for 'update' @ L5`, `Null value error. for 'list' @ L11`,
/// `No matching allow statements`.
public struct Decision: Sendable, CustomStringConvertible {
    public var isAllowed: Bool
    /// Every allow statement that applied, in evaluation order, with its outcome.
    public var evaluations: [AllowEvaluation]
    /// Distinct document access calls (`get`, `exists`, …) the evaluation made, which count
    /// towards the request's `EvaluationLimits.maxRequestDocumentLookups`.
    public var documentLookups: Int
    /// Human explanation: for a deny, every applied allow's outcome joined by "; ", or
    /// "No matching allow statements", worked out when read; for an allow, the granting
    /// statement, given by the evaluation (`CompiledAllow.grantExplanations`).
    public var explanation: String {
        get { self.givenExplanation ?? self.derivedExplanation }
        set { self.givenExplanation = newValue }
    }
    private var givenExplanation: String?

    public init(isAllowed: Bool, evaluations: [AllowEvaluation] = [], explanation: String, documentLookups: Int = 0) {
        self.isAllowed = isAllowed
        self.evaluations = evaluations
        self.documentLookups = documentLookups
        self.givenExplanation = explanation
    }

    /// A denial explained from its evaluations when read.
    init(deniedAfter evaluations: [AllowEvaluation], documentLookups: Int) {
        self.isAllowed = false
        self.evaluations = evaluations
        self.documentLookups = documentLookups
        self.givenExplanation = nil
    }

    public var description: String { (self.isAllowed ? "ALLOW: " : "DENY: ") + self.explanation }

    private var derivedExplanation: String {
        self.evaluations.isEmpty
            ? "No matching allow statements" : self.evaluations.map(\.explanation).joined(separator: "; ")
    }
}
