/// What is stored at one location, shallowly: a leaf or a branch with its number of children,
/// plus the location's priority. This is all a `RuleDataSnapshot` method needs (`val()`,
/// `exists()`, `hasChildren()`, `getPriority()`, `isNumber()`…), so a store can answer it per
/// path without copying a subtree.
public struct RulesDataNode: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case leaf(RulesPrimitive)
        /// A node with children; `childCount` is at least 1 (an empty object is null in RTDB).
        case branch(childCount: Int)
    }

    public var content: Content
    public var priority: RulesPrimitive?

    public init(_ content: Content, priority: RulesPrimitive? = nil) {
        self.content = content
        self.priority = priority
    }

    public static func leaf(_ value: RulesPrimitive, priority: RulesPrimitive? = nil) -> RulesDataNode {
        RulesDataNode(.leaf(value), priority: priority)
    }

    public static func branch(childCount: Int, priority: RulesPrimitive? = nil) -> RulesDataNode {
        RulesDataNode(.branch(childCount: childCount), priority: priority)
    }
}
