/// One document's position in an index: its key values (one per non-name field, in the
/// definition's order) and its path, which breaks ties as `__name__`.
struct IndexEntry: Sendable, Hashable {
    var key: [FirestoreValue]
    var path: DocumentPath
}
