/// The three rule keys that hold expressions in `database.rules.json`.
public enum DatabaseRuleKind: String, Sendable, Hashable, CaseIterable {
    case read = ".read"
    case write = ".write"
    case validate = ".validate"
}
