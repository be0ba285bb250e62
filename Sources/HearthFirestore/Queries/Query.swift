/// A structured query, parsed and validated: `from`, `where`, `orderBy`, cursors, `offset`,
/// `limit`, `findNearest` and `select`, with production's semantics.
///
/// Execution order (query.proto): from → where → orderBy + cursors → offset → limit →
/// findNearest → select.
public struct Query: Sendable, Hashable {
    /// The parent document the query runs under; nil for the database root.
    public var parent: DocumentPath?
    /// The collection ID to select; nil selects every collection (a kindless query, which
    /// only makes sense with `allDescendants`).
    public var collectionID: String?
    /// true for a collection-group query: every descendant collection with that ID.
    public var allDescendants: Bool
    public var filter: Filter?
    /// The explicit orderings, as sent.
    public var orderBy: [OrderBy]
    public var startAt: QueryCursor?
    public var endAt: QueryCursor?
    public var offset: Int
    public var limit: Int?
    /// `select`: the fields to return; nil returns all.
    public var projection: [FieldPath]?
    /// `findNearest`: vector search over what the stages before it return; nil for none.
    public var findNearest: VectorSearch?

    /// - Throws: INVALID_ARGUMENT for the combinations production rejects (see `validate()`).
    public init(
        parent: DocumentPath? = nil,
        collectionID: String?,
        allDescendants: Bool = false,
        filter: Filter? = nil,
        orderBy: [OrderBy] = [],
        startAt: QueryCursor? = nil,
        endAt: QueryCursor? = nil,
        offset: Int = 0,
        limit: Int? = nil,
        projection: [FieldPath]? = nil,
        findNearest: VectorSearch? = nil
    ) throws(FirestoreError) {
        self.parent = parent
        self.collectionID = collectionID
        self.allDescendants = allDescendants
        self.filter = filter
        self.orderBy = orderBy
        self.startAt = startAt
        self.endAt = endAt
        self.offset = offset
        self.limit = limit
        self.projection = projection
        self.findNearest = findNearest
        try self.validate()
    }

    /// The total ordering production applies (reference §4.4): the explicit orderings, then
    /// inequality fields not already ordered (sorted by field path), then `__name__`, the
    /// appended ones in the direction of the last explicit ordering.
    public var normalizedOrderBy: [OrderBy] {
        var orders = self.orderBy
        let direction = orders.last?.direction ?? .ascending
        let ordered = Set(orders.map(\.field))
        let inequalities = (self.filter?.inequalityFields ?? []).subtracting(ordered).subtracting([.documentID])
        for field in inequalities.sorted() {
            orders.append(OrderBy(field: field, direction: direction))
        }
        if !orders.contains(where: \.isDocumentID) {
            orders.append(OrderBy(field: .documentID, direction: direction))
        }
        return orders
    }
}
