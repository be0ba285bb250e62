/// A ListDocuments call, already parsed and validated.
public struct ListDocumentsRequest: Sendable, Hashable {
    public var collection: CollectionPath
    /// Explicit orderings; `__name__` ascending when empty.
    public var orderBy: [OrderBy]
    /// At most this many entries per page; nil lists everything (as the emulator does).
    public var pageSize: Int?
    /// Resume after this position (decoded from the previous page's token).
    public var startAfter: ListCursor?
    /// Include names that only have subcollections ("missing" documents).
    public var showMissing: Bool

    /// - Throws: INVALID_ARGUMENT for a negative page size, or `showMissing` combined with an
    ///   ordering other than by name (production: "show_missing may not specify order_by").
    public init(
        collection: CollectionPath,
        orderBy: [OrderBy] = [],
        pageSize: Int? = nil,
        startAfter: ListCursor? = nil,
        showMissing: Bool = false
    ) throws(FirestoreError) {
        if let pageSize, pageSize < 0 {
            throw .invalidArgument("pageSize must not be negative (got \(pageSize)).")
        }
        if showMissing && orderBy.contains(where: { !$0.isDocumentID }) {
            throw .invalidArgument("showMissing cannot be combined with orderBy on a field; order by __name__ or drop showMissing.")
        }
        self.collection = collection
        self.orderBy = orderBy
        self.pageSize = pageSize == 0 ? nil : pageSize
        self.startAfter = startAfter
        self.showMissing = showMissing
    }
}
