extension Array {
    /// Inserts elements not yet present into an array sorted by `isOrderedBefore`, keeping it
    /// sorted, in one pass from the back.
    ///
    /// Costs O(k log k) to sort the k additions, O(k log n) comparisons (a binary search per
    /// addition) and one memmove per run of existing elements, with no reference counting.
    /// k single inserts would cost k memmoves of the tail, and a linear merge n comparisons;
    /// this is what keeps 500-document commits into large collections and indexes fast.
    mutating func insertSorted(_ newElements: [Element], by isOrderedBefore: (Element, Element) -> Bool) {
        guard !newElements.isEmpty else { return }
        let additions = newElements.sorted(by: isOrderedBefore)
        let originalCount = self.count
        self.append(contentsOf: additions)
        self.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The k slots past the originals become a moving hole: uninitialised until every
            // one of them is filled again below, before this closure returns.
            (base + originalCount).deinitialize(count: additions.count)
            var unplaced = originalCount  // originals in 0..<unplaced have not moved
            var slot = buffer.count  // slots at and after `slot` are final
            for addition in additions.reversed() {
                var low = 0
                var high = unplaced
                while low < high {
                    let mid = (low + high) / 2
                    if isOrderedBefore(base[mid], addition) { low = mid + 1 } else { high = mid }
                }
                let run = unplaced - low
                slot -= run
                (base + slot).moveInitialize(from: base + low, count: run)
                unplaced = low
                slot -= 1
                (base + slot).initialize(to: addition)
            }
        }
    }
}
