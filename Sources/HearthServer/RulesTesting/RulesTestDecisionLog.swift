import HearthRules
import Synchronization

/// Collects the explanations of the rules decisions one case triggers (one per write of a
/// batch), so an unexpected allow can name the statement that granted it.
final class RulesTestDecisionLog: Sendable {
    private let explanations = Mutex<[String]>([])

    func record(_ decision: Decision) {
        self.explanations.withLock { $0.append(decision.explanation) }
    }

    /// Every recorded explanation, joined by "; ".
    var summary: String {
        self.explanations.withLock { $0.joined(separator: "; ") }
    }
}
