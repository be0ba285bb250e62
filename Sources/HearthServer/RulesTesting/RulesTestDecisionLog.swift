import Synchronization

/// Collects the explanations of the rules decisions one case triggers (one per write of a
/// batch), so an unexpected allow can name the rule that granted it.
final class RulesTestDecisionLog: Sendable {
    private let explanations = Mutex<[String]>([])

    func record(_ explanation: String) {
        self.explanations.withLock { $0.append(explanation) }
    }

    /// Every recorded explanation, joined by "; ".
    var summary: String {
        self.explanations.withLock { $0.joined(separator: "; ") }
    }
}
