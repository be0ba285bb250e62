/// The changes between two results of a listen target, exactly as Firebase's client SDKs
/// compute `docChanges()`.
///
/// Mirrors firebase-js-sdk: `View.applyChanges` sorts a snapshot's changes removed first, then
/// added, then modified, each group by the query's comparator (a removed document by its old
/// version, the others by their new one); `changesFromSnapshot` then derives the indexes by
/// replaying the changes on a sorted copy of the old result, so each `oldIndex` is a position
/// after the earlier changes of the same snapshot and each `newIndex` the position it was
/// inserted at. Applying the changes in order to the old list therefore yields the new list.
///
/// A document is `modified` when it is in both results and differs (fields, createTime or
/// updateTime). Documents that did not change are never reported, even when they move because
/// others came or went: the SDKs leave such moves implicit, and so do the indexes. The one
/// place Hearth reports more than the JS SDK: a document deleted and re-created with the same
/// fields (in one commit, or between two snapshots across a resume) is `modified` here,
/// because its version changed and a client caching versions needs the new one; the SDK
/// compares data only and reports a metadata change at most.
///
/// Cost: pairing two whole results by name is O(n + m) hashing (views updated by a commit skip
/// it: they pass the commit's changes). Then O(k log k) to sort the k changes, and either the
/// literal replay (O(k log n) comparisons and k array shifts, for a few changes) or the
/// batched count (`batch`, one pass over the list, for many).
public enum ListenDiff {
    /// The changes that turn `old` into `new`, both sorted by `orderBy` (pass the query's
    /// `normalizedOrderBy`; `[]` orders by name, as document targets are).
    public static func changes(from old: [Document], to new: [Document], orderedBy orderBy: [OrderBy]) -> [ListenChange] {
        self.changes(from: old, to: new, ordering: DocumentOrdering(orderBy))
    }

    static func changes(from old: [Document], to new: [Document], ordering: DocumentOrdering) -> [ListenChange] {
        var list = old
        return self.apply(self.pairs(from: old, to: new), to: &list, ordering: ordering)
    }

    /// The documents that differ between `old` and `new`, paired by name (nil: absent).
    static func pairs(from old: [Document], to new: [Document]) -> [(old: Document?, new: Document?)] {
        var before = Dictionary(old.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [(old: Document?, new: Document?)] = []
        for document in new {
            let previous = before.removeValue(forKey: document.path)
            if previous != document { pairs.append((previous, document)) }
        }
        for document in old where before[document.path] != nil {
            pairs.append((document, nil))
        }
        return pairs
    }

    /// Replays `pairs` (per document: its version in the result before, and after; nil =
    /// absent) on `list`, the sorted old result, in the SDKs' order, leaving `list` as the new
    /// result. Returns the changes with their replay indexes. Pairs that change nothing are
    /// skipped; a pair whose old version is not in `list` counts as an addition.
    static func apply(_ pairs: [(old: Document?, new: Document?)], to list: inout [Document], ordering: DocumentOrdering) -> [ListenChange] {
        var removed: [Document] = []
        var added: [Document] = []
        var modified: [(old: Document, new: Document)] = []
        for pair in pairs {
            switch (pair.old, pair.new) {
            case (let old?, nil): removed.append(old)
            case (nil, let new?): added.append(new)
            case (let old?, let new?) where old != new: modified.append((old, new))
            default: break
            }
        }
        let precedes = { (a: Document, b: Document) in Self.compare(a, b, ordering) == .ascending }
        removed.sort(by: precedes)
        added.sort(by: precedes)
        modified.sort { precedes($0.new, $1.new) }
        if removed.count + added.count + modified.count > Self.replayLimit,
            let changes = Self.batch(removed: removed, added: added, modified: modified, in: &list, ordering)
        {
            return changes
        }
        return Self.replay(removed: removed, added: added, modified: modified, in: &list, ordering)
    }

    /// Up to this many changes are replayed on the list itself (two array shifts each, the
    /// cheapest for the usual few-document commit); more go through `batch`, which touches
    /// each element of the list once however many changed.
    static let replayLimit = 8

    /// The replay, literally: remove and insert on `list`. O(k log n) comparisons, k shifts.
    private static func replay(
        removed: [Document], added: [Document], modified: [(old: Document, new: Document)], in list: inout [Document], _ ordering: DocumentOrdering
    ) -> [ListenChange] {
        var changes: [ListenChange] = []
        changes.reserveCapacity(removed.count + added.count + modified.count)
        for document in removed {
            guard let index = Self.position(of: document, in: list, ordering) else { continue }
            list.remove(at: index)
            changes.append(ListenChange(kind: .removed, document: document, oldIndex: index, newIndex: -1))
        }
        for document in added {
            let index = Self.insert(document, into: &list, ordering)
            changes.append(ListenChange(kind: .added, document: document, oldIndex: -1, newIndex: index))
        }
        for (old, new) in modified {
            guard let oldIndex = Self.position(of: old, in: list, ordering) else {
                let index = Self.insert(new, into: &list, ordering)
                changes.append(ListenChange(kind: .added, document: new, oldIndex: -1, newIndex: index))
                continue
            }
            list.remove(at: oldIndex)
            let newIndex = Self.insert(new, into: &list, ordering)
            changes.append(ListenChange(kind: .modified, document: new, oldIndex: oldIndex, newIndex: newIndex))
        }
        return changes
    }

    /// Where `document` (this exact version's sort position) sits in `list`: a binary search,
    /// with a linear search by name as a fallback should the list be out of order.
    static func position(of document: Document, in list: [Document], _ ordering: DocumentOrdering) -> Int? {
        let index = Self.lowerBound(of: document, in: list, ordering)
        if index < list.count, list[index].path == document.path { return index }
        return list.firstIndex { $0.path == document.path }
    }

    private static func insert(_ document: Document, into list: inout [Document], _ ordering: DocumentOrdering) -> Int {
        let index = Self.lowerBound(of: document, in: list, ordering)
        list.insert(document, at: index)
        return index
    }

    static func lowerBound(of document: Document, in list: [Document], _ ordering: DocumentOrdering) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if Self.compare(list[mid], document, ordering) == .ascending { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Orders two documents as the query does. A document lacking an ordered field cannot be
    /// in a query result; should one be passed anyway it orders by name alone.
    static func compare(_ a: Document, _ b: Document, _ ordering: DocumentOrdering) -> FirestoreOrdering {
        guard let aKey = ordering.sortKey(of: a), let bKey = ordering.sortKey(of: b) else {
            return DocumentPath.compare(a.path, b.path)
        }
        return ordering.compare(aKey, a.path, bKey, b.path)
    }
}
