/// The outcomes of every case of one rules test file, in file order.
public struct RulesTestReport: Sendable {
    /// The test file as named on the command line.
    public let file: String
    public let outcomes: [RulesTestOutcome]

    public var passed: Int { self.outcomes.count { $0.passed } }
    public var failed: Int { self.outcomes.count - self.passed }

    /// One line per failing case, in file order.
    public var failureLines: [String] {
        self.outcomes.filter { !$0.passed }.map { $0.failureLine(file: self.file) }
    }
}
