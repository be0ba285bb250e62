extension Query {
    /// The query whose documents `function` is computed over, when that is not this query's:
    /// a `sum` or `avg` under a `limit` (without cursors). Production serves those from the
    /// aggregated field's index, so the limit counts only documents that have the field, in
    /// its ascending order after the query's own orderings (`limit(12).sum("x")` sums the 12
    /// smallest values of x). nil: the query's own documents. Costs one more query run per
    /// such aggregation.
    public func scope(of function: Aggregation.Function) -> Query? {
        guard self.limit != nil, self.startAt == nil, self.endAt == nil else { return nil }
        let field: FieldPath
        switch function {
        case .count: return nil
        case .sum(let path), .average(let path): field = path
        }
        var orders = self.normalizedOrderBy.filter { !$0.isDocumentID }
        if orders.contains(where: { $0.field == field }) { return nil }
        orders.append(OrderBy(field: field))
        var scoped = self
        scoped.orderBy = orders
        return scoped
    }
}
