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

    /// - Throws: INVALID_ARGUMENT for a negative page size, `showMissing` combined with an
    ///   ordering other than by name (production: "show_missing may not specify order_by"), or a
    ///   `startAfter` that does not belong to this listing (see ``validate(_:_:_:)``).
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
        if let startAfter { try Self.validate(startAfter, collection, orderBy) }
        self.collection = collection
        self.orderBy = orderBy
        self.pageSize = pageSize == 0 ? nil : pageSize
        self.startAfter = startAfter
        self.showMissing = showMissing
    }

    /// A page token is client input: it must name a document of this collection and hold one
    /// value for each field the listing is ordered by, or the store's comparisons would index
    /// past its values. A token from another collection or ordering fails here, as production
    /// answers INVALID_ARGUMENT for a token that does not match the request.
    static func validate(_ cursor: ListCursor, _ collection: CollectionPath, _ orderBy: [OrderBy]) throws(FirestoreError) {
        let fields = OrderBy.normalized(orderBy).filter { !$0.isDocumentID }.count
        guard cursor.path.parent == collection, cursor.values.count == fields else {
            throw .invalidArgument(
                "The pageToken does not belong to this request: pass the nextPageToken of the previous page unchanged, with the same collection and orderBy.")
        }
    }
}
