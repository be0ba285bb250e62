public import HearthFirestore

/// One case of a rules test file: who asks, what they do, and whether the rules should let them.
public struct RulesTestCase: Sendable {
    /// Unique within its file; printed in failure lines.
    public let name: String
    /// `.anonymous` (`request.auth == null`) or `.user(uid:claims:)`; never `.owner`, which
    /// bypasses rules and would test nothing.
    public let identity: Identity
    public let operation: RulesTestOperation
    /// Commit as a transaction (`request.inTransaction`, transaction limits on `get()` calls).
    public let inTransaction: Bool
    /// Documents written before this case only, after the file's seed (as the owner, no rules).
    public let seed: [Write]
    public let expectation: RulesTestVerdict
}
