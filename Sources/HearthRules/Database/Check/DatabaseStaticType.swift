/// The type the upload-time check infers for an RTDB rule expression (targaryen's type
/// inference, which mirrors Firebase's validation). `any` (auth and its members) and
/// `primitive` (a `val()`) are "fuzzy": they pass wherever a concrete type could.
enum DatabaseStaticType: Sendable, Equatable {
    case string, number, boolean, null, primitive, any
    case query, snapshot, regex, array
    case method(DatabaseMethod)

    var isFuzzy: Bool { self == .any || self == .primitive }

    var isPrimitive: Bool {
        switch self {
        case .string, .number, .boolean, .null, .primitive: true
        default: false
        }
    }

    var name: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case .primitive: "primitive"
        case .any: "any"
        case .query: "query"
        case .snapshot: "RuleDataSnapshot"
        case .regex: "regular expression"
        case .array: "array"
        case .method(let m): "method \(m.rawValue)()"
        }
    }

    /// Whether a value of this type may stand where `expected` is required; fuzzy types pass
    /// unless `strict` (Firebase insists on real booleans for `&&`, `||`, `!` and `?:`).
    func fits(_ expected: [DatabaseStaticType], strict: Bool = false) -> Bool {
        expected.contains(self) || (!strict && self.isFuzzy)
    }
}
