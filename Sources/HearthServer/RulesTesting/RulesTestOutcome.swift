/// How one case of a rules test file turned out.
public struct RulesTestOutcome: Sendable {
    /// What the request got: a verdict with the rules' explanation (the granting allow
    /// statement, or every evaluated statement of a denial), or an error that is neither
    /// (NOT_FOUND from `update` of a missing document, an invalid document …).
    public enum Result: Sendable, Equatable {
        case verdict(RulesTestVerdict, explanation: String)
        case error(String)
    }

    public let name: String
    public let expected: RulesTestVerdict
    public let result: Result

    /// True when the rules gave the expected verdict; an error never passes.
    public var passed: Bool {
        guard case .verdict(let verdict, _) = self.result else { return false }
        return verdict == self.expected
    }

    /// The line printed for a failing case:
    /// `FILE: case "NAME": expected allow, got deny — <explanation>`.
    public func failureLine(file: String) -> String {
        let got =
            switch self.result {
            case .verdict(let verdict, _): verdict.rawValue
            case .error: "error"
            }
        return "\(file): case \"\(self.name)\": expected \(self.expected.rawValue), got \(got) — \(self.explanation)"
    }

    private var explanation: String {
        switch self.result {
        case .verdict(_, let explanation): explanation
        case .error(let message): message
        }
    }
}
