import HearthFirestore

/// PartitionQuery: split `query` (a collection-group query without filters) into at most
/// `partitionCount` partitions.
struct PartitionQueryRequest: Sendable, Hashable {
    var database: DatabaseID
    var query: Query
    var partitionCount: Int64?
}
