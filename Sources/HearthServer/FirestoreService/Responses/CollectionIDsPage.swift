/// ListCollectionIds' answer: the page's IDs, and whether more follow (the next page starts
/// after the last ID of this one).
struct CollectionIDsPage: Sendable, Hashable {
    var ids: [String]
    var hasMore: Bool
}
