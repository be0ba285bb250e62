/// A whole subtree of RTDB data as a value: the value of a write (`PUT`/`PATCH` bodies, already
/// parsed by the server), the test data of ``InMemoryRulesData``, or the `auth` variable.
///
/// An object with no children is null in the Realtime Database; ``normalized()`` removes such
/// empty objects, as Firebase does when it stores a value.
public struct RulesDataTree: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case leaf(RulesPrimitive)
        case children([String: RulesDataTree])
    }

    public var content: Content
    public var priority: RulesPrimitive?

    public init(_ content: Content, priority: RulesPrimitive? = nil) {
        self.content = content
        self.priority = priority
    }

    public static func bool(_ value: Bool) -> RulesDataTree { RulesDataTree(.leaf(.bool(value))) }
    public static func number(_ value: Double) -> RulesDataTree { RulesDataTree(.leaf(.number(value))) }
    public static func string(_ value: String) -> RulesDataTree { RulesDataTree(.leaf(.string(value))) }
    public static func object(_ children: [String: RulesDataTree]) -> RulesDataTree { RulesDataTree(.children(children)) }

    /// The subtree at `path` below this node, or nil when absent.
    public func subtree(at path: some Collection<String>) -> RulesDataTree? {
        var node = self
        for key in path {
            guard case .children(let children) = node.content, let child = children[key] else { return nil }
            node = child
        }
        return node
    }

    /// This tree without empty objects (recursively), or nil when nothing remains.
    public func normalized() -> RulesDataTree? {
        guard case .children(let children) = self.content else { return self }
        let kept = children.compactMapValues { $0.normalized() }
        return kept.isEmpty ? nil : RulesDataTree(.children(kept), priority: self.priority)
    }

    /// The shallow description of this node that ``DatabaseRulesData`` returns.
    public var node: RulesDataNode {
        switch self.content {
        case .leaf(let value): return .leaf(value, priority: self.priority)
        case .children(let children): return .branch(childCount: children.count, priority: self.priority)
        }
    }
}
