/// What a listener watches: one document, a fixed set of documents, or a structured query.
///
/// Mirrors the targets of Firestore's `Listen` RPC (`Target.documents` and `Target.query`): a
/// client SDK's `onSnapshot` on a document reference is a one-document target, on a query
/// (collection, collection group, filters, orderings, cursors, limit) a query target.
/// `limitToLast` does not exist on the wire (the SDKs run it as the reversed query with a
/// limit and reverse the result themselves), so it has no case here either.
///
/// Hashable so that identical targets share one view in the store: a thousand listeners on the
/// same query cost one evaluation per commit, not a thousand. The document set is kept sorted
/// and without duplicates, so two requests naming the same documents in another order share
/// too.
public enum ListenTarget: Sendable, Hashable {
    /// One document; the result holds it while it exists.
    case document(DocumentPath)
    /// A fixed set of documents (a `batchGet` body), sorted by name, without duplicates (see
    /// `documents(normalizing:)`); the result holds those that exist, in name order.
    case documents([DocumentPath])
    /// A structured query; the result is what `runQuery` returns, in the query's order.
    case query(Query)

    /// A document set, normalised (sorted, duplicates dropped) so equal sets hash alike and
    /// share a view; a single document becomes a `.document` target. Build document sets with
    /// this rather than the bare case (an unsorted set works, but shares less).
    public static func documents(normalizing paths: some Sequence<DocumentPath>) -> ListenTarget {
        let sorted = Array(Set(paths)).sorted()
        if sorted.count == 1 { return .document(sorted[0]) }
        return .documents(sorted)
    }

    /// A query as a listen target, refused (INVALID_ARGUMENT) where production's listeners
    /// refuse it: `select` (listeners always return whole documents) and `findNearest` (vector
    /// search answers one-time reads only).
    public static func listening(to query: Query) throws(FirestoreError) -> ListenTarget {
        if query.projection != nil {
            throw .invalidArgument("A listen query cannot use select (Firestore listeners always return whole documents).")
        }
        if query.findNearest != nil {
            throw .invalidArgument(
                "A listen query cannot use findNearest: vector search answers one-time reads only (get() or stream(), not a snapshot listener), as in production.")
        }
        return .query(query)
    }

    /// A collection listing (`GET …/documents/{collection}` with `Accept: text/event-stream`)
    /// as the equivalent query: the collection, in the listing's order, at most `pageSize`
    /// documents. Documents lacking an ordered field are left out, as the listing does.
    public static func collection(_ collection: CollectionPath, orderBy: [OrderBy] = [], pageSize: Int? = nil) throws(FirestoreError) -> ListenTarget {
        .query(try Query(parent: collection.parent, collectionID: collection.id, orderBy: orderBy, limit: pageSize))
    }

    /// The document paths a document target watches; nil for a query.
    var documentPaths: [DocumentPath]? {
        switch self {
        case .document(let path): [path]
        case .documents(let paths): paths
        case .query: nil
        }
    }
}
