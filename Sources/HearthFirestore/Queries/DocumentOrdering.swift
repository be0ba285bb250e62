/// Compares documents under a normalised ordering, the way Firestore orders results.
///
/// Costs O(k) field lookups per comparison for k orderings. A document lacking an ordered
/// field is not part of the result at all (production excludes it), which `sortKey` reports as
/// nil so callers can drop it before sorting.
struct DocumentOrdering: Sendable {
    let orderBy: [OrderBy]

    init(_ orderBy: [OrderBy]) {
        self.orderBy = OrderBy.normalized(orderBy)
    }

    /// The values a document is ordered by (`__name__` as a reference-free path comparison is
    /// handled separately), or nil when the document lacks one of the ordered fields.
    func sortKey(of document: Document) -> [FirestoreValue]? {
        var key: [FirestoreValue] = []
        key.reserveCapacity(self.orderBy.count)
        for order in self.orderBy where !order.isDocumentID {
            guard let value = document.fields.value(at: order.field) else { return nil }
            key.append(value)
        }
        return key
    }

    /// True when (`key`, `path`) sorts strictly before (`otherKey`, `otherPath`).
    func precedes(_ key: [FirestoreValue], _ path: DocumentPath, _ otherKey: [FirestoreValue], _ otherPath: DocumentPath) -> Bool {
        self.compare(key, path, otherKey, otherPath) == .ascending
    }

    func compare(_ key: [FirestoreValue], _ path: DocumentPath, _ otherKey: [FirestoreValue], _ otherPath: DocumentPath) -> FirestoreOrdering {
        var valueIndex = 0
        for order in self.orderBy {
            var result: FirestoreOrdering
            if order.isDocumentID {
                result = path < otherPath ? .ascending : (path == otherPath ? .same : .descending)
            } else {
                result = FirestoreValue.compare(key[valueIndex], otherKey[valueIndex])
                valueIndex += 1
            }
            if order.direction == .descending { result = result.reversed }
            if result != .same { return result }
        }
        return .same
    }
}
