/// A primitive value stored at a leaf: a boolean, a number or a string.
///
/// Strings compare by UTF-8 bytes for `==` (Firebase does not normalise Unicode), and by UTF-16
/// code units in the value order (``DatabaseNode/compareValues(_:_:)``).
public enum DatabaseLeaf: Sendable, Hashable {
    case bool(Bool)
    case number(DatabaseNumber)
    case string(String)

    public static func == (lhs: DatabaseLeaf, rhs: DatabaseLeaf) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): DatabasePath.same(a, b)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): for byte in value.utf8 { hasher.combine(byte) }
        }
    }
}
