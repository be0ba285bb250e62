public import HearthJSON

extension DatabaseQuery {
    /// The children of `node` the query selects, as a node (priorities kept).
    ///
    /// As `rtdb.md` §1.5: each child's index value is computed, children are sorted by it with
    /// the key as tie-break (§6), the range applied, then the limit from the start or the end.
    /// A filtered query at a leaf or at `null` selects nothing. Without filtering the node is
    /// returned whole. O(n log n) in the number of children.
    public func select(from node: DatabaseNode) -> DatabaseNode {
        guard self.isFiltered else { return node }
        let children = node.children
        guard !children.isEmpty else { return .empty }
        var items = children.entries.enumerated().map { (offset, entry) in
            (offset: offset, key: entry.key, value: self.indexValue(of: entry))
        }
        if self.index != .key {
            items.sort { lhs, rhs in
                DatabaseNode.compareValues(lhs.value, rhs.value).then(lhs.key.compare(rhs.key)) == .ascending
            }
        }
        var selected = items.filter { item in
            if let start = self.start, !self.passes(item.key, item.value, start, isStart: true) { return false }
            if let end = self.end, !self.passes(item.key, item.value, end, isStart: false) { return false }
            return true
        }
        switch self.limit {
        case .first(let count)?: selected = Array(selected.prefix(count))
        case .last(let count)?: selected = Array(selected.suffix(count))
        case nil: break
        }
        var result = DatabaseChildren()
        for offset in selected.map(\.offset).sorted() {
            let entry = children.entries[offset]
            result.appendSorted(entry.key, entry.node)
        }
        return DatabaseNode(children: result)
    }

    /// What a GET with this query returns: the selected children, or with `shallow` each child
    /// as `true` (a leaf stays itself). `null` when nothing is there.
    public func result(of node: DatabaseNode, format: DatabaseOutputFormat = .normal) -> JSONValue {
        let selected = self.select(from: node)
        guard self.shallow, selected.hasChildren else { return selected.json(format) }
        var object = JSONObject()
        for (key, _) in selected.children { object.append(key: key, value: .bool(true)) }
        return .object(object)
    }

    private func indexValue(of entry: DatabaseChildren.Entry) -> DatabaseNode {
        switch self.index {
        case .key?, nil: DatabaseNode(.string(entry.key.name))
        case .value?: entry.node
        case .priority?: entry.node.priorityNode
        case .child(let path)?: entry.node.child(at: path)
        }
    }

    private func passes(_ key: ChildKey, _ value: DatabaseNode, _ bound: QueryBound, isStart: Bool) -> Bool {
        let order: DatabaseOrdering
        if self.index == .key || self.index == nil {
            guard case .string(let name)? = bound.value.leaf else { return true }
            order = key.compare(ChildKey(name))
        } else {
            order = DatabaseNode.compareValues(value, bound.value).then(
                {
                    switch bound.key {
                    case .min: return .descending
                    case .max: return .ascending
                    case .name(let name): return key.compare(ChildKey(name))
                    }
                }())
        }
        switch order {
        case .same: return bound.inclusive
        case .ascending: return !isStart
        case .descending: return isStart
        }
    }
}
