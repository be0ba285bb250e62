import HearthCore

extension DatabaseNode {
    /// The JS SDK's node hash (`LeafNode.hash`, `ChildrenNode.hash`; `rtdb.md` Appendix A):
    /// base64 SHA-1 of a canonical text, `""` for the empty node.
    ///
    /// Leaf: `[priority:<p>:]` + `boolean:true` / `number:<16 hex digits of the IEEE-754
    /// double>` / `string:<s>`. Object: `[priority:<p>:]` + `:<key>:<child hash>` for each child
    /// in priority order (ties by key). Content-derived, so writing the same value keeps the
    /// same hash. Not cached: O(size of the subtree) per call, plus one SHA-1 per node.
    public var hash: String {
        switch self.content {
        case .leaf(let leaf):
            return Base64.encode(SHA1.digest(Array((self.priorityHashText + Self.hashText(of: leaf)).utf8)))
        case .children(let children):
            var text = self.priorityHashText
            let ordered = children.entries.sorted { lhs, rhs in
                DatabaseNode.compareValues(lhs.node.priorityNode, rhs.node.priorityNode).then(lhs.key.compare(rhs.key)) == .ascending
            }
            for entry in ordered {
                let childHash = entry.node.hash
                if !childHash.isEmpty { text += ":" + entry.key.name + ":" + childHash }
            }
            return text.isEmpty ? "" : Base64.encode(SHA1.digest(Array(text.utf8)))
        }
    }

    private var priorityHashText: String {
        switch self.priority {
        case nil: ""
        case .number(let number)?: "priority:number:" + Self.hex(number) + ":"
        case .string(let string)?: "priority:string:" + string + ":"
        }
    }

    private static func hashText(of leaf: DatabaseLeaf) -> String {
        switch leaf {
        case .bool(let value): "boolean:" + (value ? "true" : "false")
        case .number(let number): "number:" + Self.hex(number)
        case .string(let string): "string:" + string
        }
    }

    /// 16 lowercase hex digits of the big-endian IEEE-754 double (`doubleToIEEE754String`).
    private static func hex(_ number: DatabaseNumber) -> String {
        let bits = String(number.doubleValue.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - bits.count) + bits
    }
}
