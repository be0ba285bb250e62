/// MapDiff methods, all returning Sets. `a.diff(b)`: added = in a not b, removed = in b not a.
enum MapDiffFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "addedKeys": 0...0, "removedKeys": 0...0, "changedKeys": 0...0, "unchangedKeys": 0...0, "affectedKeys": 0...0,
    ]

    static func call(_ d: MapDiff, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard Self.methods[name] != nil else { return nil }
        guard args.isEmpty else { return FunctionSupport.arityError(name, expected: "0", got: args.count, node: node) }
        let added = d.left.keys.filter { d.right[$0] == nil }
        let removed = d.right.keys.filter { d.left[$0] == nil }
        let common = d.left.keys.filter { d.right[$0] != nil }
        let changed = common.filter { !d.left[$0]!.strictlyEquals(d.right[$0]!) }
        let unchanged = common.filter { d.left[$0]!.strictlyEquals(d.right[$0]!) }
        let keys: [String]
        switch name {
        case "addedKeys": keys = added
        case "removedKeys": keys = removed
        case "changedKeys": keys = changed
        case "unchangedKeys": keys = unchanged
        default: keys = added + removed + changed
        }
        return .set(keys.sorted().map { .string($0) })
    }
}
