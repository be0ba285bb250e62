/// The `query` variable of RTDB rules: the ordering and filters of a read (reference §8.9).
///
/// A plain read (no query parameters) is ordered by key, which is what Firebase reports:
/// `query.orderByKey == true`, the other orders false or null, every filter null. For REST,
/// the server fills this from `orderBy` (`"$key"`, `"$value"`, `"$priority"` or a child path),
/// `startAt`, `endAt`, `equalTo`, `limitToFirst` and `limitToLast`.
public struct DatabaseRulesQuery: Sendable, Hashable {
    public enum Order: Sendable, Hashable {
        case key, value, priority
        /// `orderBy="owner"` or a deeper path such as `"foo/bar"`.
        case child(String)
    }

    public var orderBy: Order
    public var startAt: RulesPrimitive?
    public var endAt: RulesPrimitive?
    public var equalTo: RulesPrimitive?
    public var limitToFirst: Int?
    public var limitToLast: Int?

    public init(
        orderBy: Order = .key, startAt: RulesPrimitive? = nil, endAt: RulesPrimitive? = nil, equalTo: RulesPrimitive? = nil,
        limitToFirst: Int? = nil, limitToLast: Int? = nil
    ) {
        self.orderBy = orderBy
        self.startAt = startAt
        self.endAt = endAt
        self.equalTo = equalTo
        self.limitToFirst = limitToFirst
        self.limitToLast = limitToLast
    }

    /// A read without query parameters.
    public static let plain = DatabaseRulesQuery()

    func value(of property: DatabaseQueryProperty) -> DatabaseRuleValue {
        switch property {
        case .orderByKey: return .bool(self.orderBy == .key)
        case .orderByValue: return .bool(self.orderBy == .value)
        case .orderByPriority: return .bool(self.orderBy == .priority)
        case .orderByChild:
            if case .child(let path) = self.orderBy { return .string(path) }
            return .null
        case .startAt: return DatabaseRuleValue(self.startAt)
        case .endAt: return DatabaseRuleValue(self.endAt)
        case .equalTo: return DatabaseRuleValue(self.equalTo)
        case .limitToFirst: return self.limitToFirst.map { .number(Double($0)) } ?? .null
        case .limitToLast: return self.limitToLast.map { .number(Double($0)) } ?? .null
        }
    }
}
