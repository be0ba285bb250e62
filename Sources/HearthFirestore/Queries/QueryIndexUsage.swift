/// The index a query walks, as Query Explain's plan summary names it (`indexes_used`):
/// `query_scope` ("Collection" or "Collection group") and `properties`, the index's fields
/// in order, e.g. `(city ASC, __name__ ASC)`.
///
/// Hearth's in-memory index for a query has the query's equality fields (ascending) then its
/// normalised ordering, the same shape as the composite index production would pick for it
/// (an equality-only query on one field uses that field's single-field index, whose
/// properties read the same).
public struct QueryIndexUsage: Sendable, Hashable {
    public var queryScope: String
    public var properties: String

    public init(queryScope: String, properties: String) {
        self.queryScope = queryScope
        self.properties = properties
    }

    /// The index `query` is planned on, without running it.
    public init(planning query: Query) {
        let definition = QueryPlan(query).definition
        switch definition.scope {
        case .collection: self.queryScope = "Collection"
        case .group, .everything: self.queryScope = "Collection group"
        }
        let fields = definition.fields.map { "\($0.field.canonicalString) \($0.direction == .ascending ? "ASC" : "DESC")" }
        self.properties = "(" + fields.joined(separator: ", ") + ")"
    }
}
