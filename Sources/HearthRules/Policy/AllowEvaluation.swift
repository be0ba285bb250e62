/// One allow statement's result for a request.
public struct AllowEvaluation: Sendable {
    public enum Outcome: Sendable {
        case allow
        /// Evaluated to a value other than `true` (`false`, or a non-bool).
        case deny(RuleValue)
        /// Evaluated to an error; `location` is the failing node's position.
        case error(RuleError, location: SourceLocation)
    }

    public var fileName: String
    /// Position of the `allow` keyword.
    public var location: SourceLocation
    public var method: RequestMethod
    public var outcome: Outcome

    public init(fileName: String, location: SourceLocation, method: RequestMethod, outcome: Outcome) {
        self.fileName = fileName
        self.location = location
        self.method = method
        self.outcome = outcome
    }

    /// `false for 'update' @ L5` / `Property x is undefined on object. for 'get' @ L7`.
    public var explanation: String {
        let what: String
        switch self.outcome {
        case .allow: what = "true"
        case .deny(let v): what = v.debugText
        case .error(let e, _): what = e.message
        }
        return "\(what) for '\(self.method.rawValue)' @ L\(self.location.line)"
    }
}
