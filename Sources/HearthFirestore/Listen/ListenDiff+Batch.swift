extension ListenDiff {
    /// The same changes and final list as the literal replay, for many changes at once (a
    /// 500-document commit into a large listened collection): every index is counted with
    /// binary searches instead of being found by shifting the list, and the new list is built
    /// in one merge. O(n + k log n) for k changes (plus O(k²) integer moves), where the replay
    /// costs k shifts of up to n documents.
    ///
    /// How each index is counted: a replay position is the number of documents ordered before
    /// it that the replay has not removed yet, plus those it has inserted. Removed documents
    /// leave in list order, so the i-th sits at its old position minus i. The j-th addition
    /// (additions go in ascending order) lands after the j before it and after every old
    /// document before it that was not removed. A modification also counts the additions, the
    /// old versions of earlier modifications that already left, and their new versions.
    ///
    /// - Returns: nil when an old version is not where the list's order says (inconsistent
    ///   input), so the caller falls back to the replay.
    static func batch(
        removed: [Document], added: [Document], modified: [(old: Document, new: Document)], in list: inout [Document], _ ordering: DocumentOrdering
    ) -> [ListenChange]? {
        var removedPositions: [Int] = []
        removedPositions.reserveCapacity(removed.count)
        for document in removed {
            guard let position = Self.exactPosition(of: document, in: list, ordering) else { return nil }
            if let last = removedPositions.last, last >= position { return nil }
            removedPositions.append(position)
        }
        var modifiedPositions: [Int] = []
        modifiedPositions.reserveCapacity(modified.count)
        for (document, _) in modified {
            guard let position = Self.exactPosition(of: document, in: list, ordering) else { return nil }
            modifiedPositions.append(position)
        }
        let before = list
        /// Old documents before `bound` (a position in the old list) that no removal took away.
        func keptBefore(_ bound: Int) -> Int { bound - Self.countBelow(bound, in: removedPositions) }

        var changes: [ListenChange] = []
        changes.reserveCapacity(removed.count + added.count + modified.count)
        for (offset, (document, position)) in zip(removed, removedPositions).enumerated() {
            changes.append(ListenChange(kind: .removed, document: document, oldIndex: position - offset, newIndex: -1))
        }
        for (offset, document) in added.enumerated() {
            let newIndex = keptBefore(Self.lowerBound(of: document, in: before, ordering)) + offset
            changes.append(ListenChange(kind: .added, document: document, oldIndex: -1, newIndex: newIndex))
        }
        var departed: [Int] = []  // old positions of the modified documents replayed so far, sorted
        var arrived: [Document] = []  // their new versions, ascending (modifications go in new order)
        for ((_, new), position) in zip(modified, modifiedPositions) {
            let document = before[position]
            let oldIndex =
                keptBefore(position) + Self.lowerBound(of: document, in: added, ordering)
                - Self.countBelow(position, in: departed) + Self.lowerBound(of: document, in: arrived, ordering)
            departed.insert(position, at: Self.countBelow(position, in: departed))
            let bound = Self.lowerBound(of: new, in: before, ordering)
            let newIndex =
                keptBefore(bound) + Self.lowerBound(of: new, in: added, ordering)
                - Self.countBelow(bound, in: departed) + Self.lowerBound(of: new, in: arrived, ordering)
            arrived.append(new)
            changes.append(ListenChange(kind: .modified, document: new, oldIndex: oldIndex, newIndex: newIndex))
        }
        list = Self.merge(before, dropping: (removedPositions + modifiedPositions).sorted(), inserting: added + modified.map(\.new), ordering)
        return changes
    }

    /// Where binary search finds `document` in `list`, or nil when it is not there.
    private static func exactPosition(of document: Document, in list: [Document], _ ordering: DocumentOrdering) -> Int? {
        let position = Self.lowerBound(of: document, in: list, ordering)
        return position < list.count && list[position].path == document.path ? position : nil
    }

    /// `list` without the documents at `drops` (sorted positions), with `insertions` in order.
    /// One pass over the list; each insertion's place is binary-searched, O(n + k log n).
    private static func merge(_ list: [Document], dropping drops: [Int], inserting insertions: [Document], _ ordering: DocumentOrdering) -> [Document] {
        let sorted = insertions.sorted { Self.compare($0, $1, ordering) == .ascending }
        let bounds = sorted.map { Self.lowerBound(of: $0, in: list, ordering) }
        var result: [Document] = []
        result.reserveCapacity(list.count - drops.count + sorted.count)
        var nextInsertion = 0
        var nextDrop = 0
        for (position, document) in list.enumerated() {
            while nextInsertion < sorted.count, bounds[nextInsertion] <= position {
                result.append(sorted[nextInsertion])
                nextInsertion += 1
            }
            if nextDrop < drops.count, drops[nextDrop] == position {
                nextDrop += 1
                continue
            }
            result.append(document)
        }
        result.append(contentsOf: sorted[nextInsertion...])
        return result
    }

    /// How many of `sorted` are below `value`. O(log k).
    private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
