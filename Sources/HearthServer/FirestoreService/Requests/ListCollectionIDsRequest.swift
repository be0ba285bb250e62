import HearthFirestore

/// ListCollectionIds: the collection IDs under `parent` (nil: the root), sorted, after
/// `after` (the last ID of the previous page), at most `pageSize` of them, as the database
/// was at `readTime` (nil: now).
struct ListCollectionIDsRequest: Sendable, Hashable {
    var database: DatabaseID
    var parent: DocumentPath?
    var readTime: Timestamp?
    /// Values of 0 or less mean no limit, as production treats them.
    var pageSize: Int64?
    /// The UTF-8 bytes of the previous page's last ID (compared as bytes, as IDs are ordered).
    var after: [UInt8]?
}
