public import HearthDatabase
public import HearthRules

/// One case of a Realtime Database rules test file: who asks, what they do, and whether the
/// rules should let them.
public struct DatabaseRulesTestCase: Sendable {
    /// Unique within its file; printed in failure lines.
    public let name: String
    /// The rules' `auth`, as the server builds it from an ID token (`{uid, provider, token}`);
    /// nil when unauthenticated (`auth == null`).
    public let auth: DatabaseRulesAuth?
    public let operation: DatabaseRulesTestOperation
    /// Written before this case only, after the file's seed, as a multi-path update at the root
    /// (as the owner, no rules).
    public let seed: DatabaseUpdate?
    public let expectation: RulesTestVerdict
}
