/// A value during RTDB rule evaluation. Rules compute with JavaScript values (doubles,
/// strings, booleans, null) plus the snapshots, `query`, `auth` objects and regex literals.
enum DatabaseRuleValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A JSON object from `auth` (its members are reachable with `.` and `[]`).
    case object(RulesDataTree)
    /// What `val()` returns for a node with children: opaque, equal to nothing (Firebase gives
    /// no way to inspect it; use `child()`).
    case opaqueObject
    case snapshot(DatabaseRuleSnapshot)
    case query(DatabaseRulesQuery)
    case regex(DatabaseRegex)
    case array([DatabaseRuleValue])

    init(_ primitive: RulesPrimitive?) {
        switch primitive {
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case nil: self = .null
        }
    }

    /// An `auth` subtree: a leaf becomes its primitive, an object stays navigable.
    init(_ tree: RulesDataTree?) {
        switch tree?.content {
        case .leaf(let primitive): self.init(primitive)
        case .children: self = .object(tree!)
        case nil: self = .null
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .object, .opaqueObject: "object"
        case .snapshot: "RuleDataSnapshot"
        case .query: "query"
        case .regex: "regular expression"
        case .array: "array"
        }
    }

    /// JavaScript truthiness, for `!`, `&&` and `||` (Firebase evaluates them as JavaScript does).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        default: true
        }
    }
}
