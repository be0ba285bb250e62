import HearthFirestore

/// What a listen is authorized as, when it is opened and again on every delivery.
///
/// Kept apart from `ListenTarget` because the target is normalised for sharing (a document set
/// sorted and deduplicated, a collection listing turned into a query) while rules judge what
/// the client asked for: `get` on each named document, `list` judged from a listing
/// (no filters, `pageSize` as the limit) or from a query.
enum ListenAccess: Sendable, Hashable {
    /// `get` on each document, in the order the client named them.
    case get([DocumentPath])
    /// `list` of a collection listing.
    case listing(ListDocumentsRequest)
    /// `list` judged from the query.
    case query(Query)
}
