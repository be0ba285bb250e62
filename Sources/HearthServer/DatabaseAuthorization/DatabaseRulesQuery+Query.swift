import HearthDatabase
import HearthRules

extension DatabaseRulesQuery {
    /// The rules' `query` variable for a REST read (`rtdb.md` §8.9): a plain read is ordered by
    /// key; bounds are the primitives given (an equality bound fills `equalTo` only).
    init(_ query: DatabaseQuery) {
        let order: Order =
            switch query.index {
            case nil, .key?: .key
            case .value?: .value
            case .priority?: .priority
            case .child(let path)?: .child(path.relativeDescription)
            }
        var start = query.start.flatMap { Self.primitive($0.value) }
        var end = query.end.flatMap { Self.primitive($0.value) }
        var equal: RulesPrimitive?
        if query.isEquality {
            equal = start
            start = nil
            end = nil
        }
        var first: Int?
        var last: Int?
        switch query.limit {
        case .first(let count)?: first = count
        case .last(let count)?: last = count
        case nil: break
        }
        self.init(orderBy: order, startAt: start, endAt: end, equalTo: equal, limitToFirst: first, limitToLast: last)
    }

    private static func primitive(_ node: DatabaseNode) -> RulesPrimitive? {
        node.leaf.map(RulesPrimitive.init)
    }
}
