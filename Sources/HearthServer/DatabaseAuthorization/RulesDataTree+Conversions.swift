import HearthDatabase
import HearthJSON
import HearthRules

extension RulesDataTree {
    /// The tree as rules see a stored value: leaves as primitives (numbers as doubles, as
    /// Firebase's rules do), priorities kept; nil for the empty node (null). O(size).
    init?(node: DatabaseNode) {
        switch node.content {
        case .leaf(let leaf):
            self.init(.leaf(RulesPrimitive(leaf)), priority: node.priority.map { RulesPrimitive($0.leaf) })
        case .children(let children):
            guard !children.isEmpty else { return nil }
            var converted: [String: RulesDataTree] = [:]
            converted.reserveCapacity(children.count)
            for (key, child) in children { converted[key] = RulesDataTree(node: child) }
            self.init(.children(converted), priority: node.priority.map { RulesPrimitive($0.leaf) })
        }
    }

    /// Plain JSON (the `auth_variable_override` object, ID-token claims): arrays become objects
    /// keyed by index, as the Realtime Database stores them; nil for null and empty containers.
    init?(json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .bool(value)
        case .number(let number): self = .number(Double(number.text) ?? 0)
        case .string(let text): self = .string(text)
        case .array(let elements):
            var children: [String: RulesDataTree] = [:]
            for (index, element) in elements.enumerated() { children[String(index)] = RulesDataTree(json: element) }
            guard !children.isEmpty else { return nil }
            self = .object(children)
        case .object(let object):
            var children: [String: RulesDataTree] = [:]
            for member in object.members { children[member.key] = RulesDataTree(json: member.value) }
            guard !children.isEmpty else { return nil }
            self = .object(children)
        }
    }
}

extension RulesPrimitive {
    init(_ leaf: DatabaseLeaf) {
        switch leaf {
        case .bool(let value): self = .bool(value)
        case .number(let number): self = .number(number.doubleValue)
        case .string(let text): self = .string(text)
        }
    }
}
