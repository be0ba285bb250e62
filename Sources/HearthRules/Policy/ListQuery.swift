/// `request.query` for list requests. Absent limit/offset/orderBy are bound as null.
public struct ListQuery: Sendable {
    public var limit: Int64?
    public var offset: Int64?
    /// Whatever shape integration chooses for orderBy (e.g. a map field → 'ASC'/'DESC').
    public var orderBy: RuleValue

    public init(limit: Int64? = nil, offset: Int64? = nil, orderBy: RuleValue = .null) {
        self.limit = limit
        self.offset = offset
        self.orderBy = orderBy
    }

    public var value: RuleValue {
        .map([
            "limit": self.limit.map { .int($0) } ?? .null,
            "offset": self.offset.map { .int($0) } ?? .null,
            "orderBy": self.orderBy,
        ])
    }
}
