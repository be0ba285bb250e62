import HearthDatabase
import HearthRules

/// A tree of the store as the rules' `root` and `data`: answers one location at a time by
/// walking down from the root, without copying anything (the node is copy-on-write).
/// Cost per lookup: O(depth × log children).
struct NodeRulesData: DatabaseRulesData {
    let root: DatabaseNode

    func node(at path: [String]) -> RulesDataNode? {
        var node = self.root
        for key in path {
            node = node.child(key)
            if node.isEmpty { return nil }
        }
        let priority = node.priority.map { RulesPrimitive($0.leaf) }
        if let leaf = node.leaf { return .leaf(RulesPrimitive(leaf), priority: priority) }
        if node.isEmpty { return nil }
        return .branch(childCount: node.children.count, priority: priority)
    }
}
