/// What a rules test case expects, and what the rules decided: the request is allowed or
/// denied (PERMISSION_DENIED). Spelled `"allow"` / `"deny"` in test files.
public enum RulesTestVerdict: String, Sendable, Equatable {
    case allow
    case deny
}
