/// The methods of `RuleDataSnapshot` and of strings in RTDB rules (reference §8.5, §8.6).
enum DatabaseMethod: String, Sendable, CaseIterable {
    // RuleDataSnapshot
    case val, child, parent, hasChild, hasChildren, exists, getPriority, isNumber, isString, isBoolean
    // string
    case contains, beginsWith, endsWith, replace, toLowerCase, toUpperCase, matches

    var isSnapshotMethod: Bool {
        switch self {
        case .val, .child, .parent, .hasChild, .hasChildren, .exists, .getPriority, .isNumber, .isString, .isBoolean: true
        default: false
        }
    }

    /// Parameter types; `hasChildren` is checked on its own (none, or one literal array of strings).
    var parameters: [DatabaseStaticType] {
        switch self {
        case .child, .hasChild, .contains, .beginsWith, .endsWith: [.string]
        case .replace: [.string, .string]
        case .matches: [.regex]
        default: []
        }
    }

    var result: DatabaseStaticType {
        switch self {
        case .val: .primitive
        case .child, .parent: .snapshot
        case .getPriority: .any
        case .replace, .toLowerCase, .toUpperCase: .string
        default: .boolean
        }
    }

    /// The member `name` of a value of static type `receiver` (`.string` or `.snapshot`).
    static func named(_ name: String, on receiver: DatabaseStaticType) -> DatabaseMethod? {
        guard let method = DatabaseMethod(rawValue: name) else { return nil }
        return method.isSnapshotMethod == (receiver == .snapshot) ? method : nil
    }
}
