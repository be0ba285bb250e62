/// One end of a query range: an index value, a key tie-break and whether the end is included.
///
/// Mirrors the JS SDK's `QueryParams`: `startAt(v)` is `(v, MIN_NAME)` inclusive, `startAfter(v)`
/// is `(v, MAX_NAME)` exclusive, `endAt(v)` is `(v, MAX_NAME)`, `endBefore(v)` is `(v, MIN_NAME)`
/// exclusive, and a `,"key"` suffix (`startAt=5,"k"`) makes the key the tie-break. For
/// `orderBy="$key"` the value is the key itself (a string) and `key` is unused.
public struct QueryBound: Sendable, Equatable {
    public enum Key: Sendable, Hashable {
        /// Before every key: the bound admits every child whose index value equals `value`.
        case min
        /// After every key.
        case max
        case name(String)
    }

    /// A leaf or the empty node (`null`).
    public var value: DatabaseNode
    public var key: Key
    public var inclusive: Bool

    public init(value: DatabaseNode, key: Key, inclusive: Bool) {
        self.value = value
        self.key = key
        self.inclusive = inclusive
    }
}
