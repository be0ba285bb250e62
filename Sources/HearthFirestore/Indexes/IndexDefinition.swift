/// What an in-memory index covers and how it is sorted.
///
/// `fields` are the key components: the query's fixed equality fields first (ascending), then
/// its normalised ordering, always ending with `__name__`. A document is in the index only if
/// it has every non-name field, which is exactly the set of documents such a query can
/// return (missing fields never match an equality and are excluded by an ordering).
struct IndexDefinition: Sendable, Hashable {
    enum Scope: Sendable, Hashable {
        /// One collection.
        case collection(CollectionPath)
        /// Every collection with this ID anywhere in the database (collection groups); a query
        /// under a parent document narrows it further by path.
        case group(String)
        /// Every document of the database (kindless `allDescendants` queries).
        case everything
    }

    var scope: Scope
    var fields: [OrderBy]

    func covers(_ path: DocumentPath) -> Bool {
        switch self.scope {
        case .collection(let collection): path.parent == collection
        case .group(let id): path.parent.id == id
        case .everything: true
        }
    }
}
