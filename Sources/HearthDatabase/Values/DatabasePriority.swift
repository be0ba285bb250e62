/// A node's priority: a number or a string (a null priority is no priority).
///
/// Priorities are legacy but still honoured: `.priority` in bodies, `format=export` output,
/// `orderBy="$priority"`, and the ETag hash. Order: no priority < numbers < strings
/// (`rtdb.md` §6, the JS SDK's `PriorityIndex`).
public enum DatabasePriority: Sendable, Hashable {
    case number(DatabaseNumber)
    case string(String)

    /// A number or string leaf as a priority; nil for a boolean, which cannot be one.
    public init?(_ leaf: DatabaseLeaf) {
        switch leaf {
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .bool: return nil
        }
    }

    /// The priority as a leaf, for comparisons in value order.
    public var leaf: DatabaseLeaf {
        switch self {
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        }
    }

    public static func == (lhs: DatabasePriority, rhs: DatabasePriority) -> Bool {
        lhs.leaf == rhs.leaf
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.leaf)
    }
}
