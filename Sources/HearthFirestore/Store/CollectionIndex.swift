/// The documents of one collection in key order, plus the "missing" parents beneath it.
///
/// `paths` is the primary index in `__name__` order (Firestore's segment-wise key order), kept
/// sorted on every write: O(log n) to find, O(n) memmove to insert or remove, which stays in
/// microseconds at 100k documents. `descendantCounts` counts, for each document name in this
/// collection, the live documents in its subcollections; a name with a count but no document of
/// its own is what ListDocuments `showMissing` returns.
struct CollectionIndex: Sendable {
    private(set) var paths: [DocumentPath] = []
    private(set) var descendantCounts: [DocumentPath: Int] = [:]

    var isEmpty: Bool { self.paths.isEmpty && self.descendantCounts.isEmpty }

    /// The position of the first path not ordered before `path`.
    func lowerBound(of path: DocumentPath) -> Int {
        var low = 0
        var high = self.paths.count
        while low < high {
            let mid = (low + high) / 2
            if self.paths[mid] < path { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The position of the first path ordered after `path`.
    func upperBound(of path: DocumentPath) -> Int {
        let index = self.lowerBound(of: path)
        return index < self.paths.count && self.paths[index] == path ? index + 1 : index
    }

    mutating func insert(_ path: DocumentPath) {
        let index = self.lowerBound(of: path)
        if index < self.paths.count && self.paths[index] == path { return }
        self.paths.insert(path, at: index)
    }

    /// Inserts several paths not yet present, in one pass from the back: O(k log n) comparisons
    /// (a binary search per addition) and one memmove per run of existing names, with no
    /// reference counting. k single inserts would cost k memmoves of the tail; a linear merge
    /// would cost n comparisons, and name comparisons are not cheap. This is what keeps
    /// 500-document commits into a large collection fast.
    mutating func insert(contentsOf newPaths: [DocumentPath]) {
        guard newPaths.count > 1 else {
            if let path = newPaths.first { self.insert(path) }
            return
        }
        let additions = newPaths.sorted()
        let originalCount = self.paths.count
        self.paths.append(contentsOf: additions)
        self.paths.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The k slots past the originals become the moving hole: uninitialised until every
            // one of them is filled again below, before this closure returns.
            (base + originalCount).deinitialize(count: additions.count)
            var unplaced = originalCount  // originals in 0..<unplaced have not moved
            var slot = buffer.count  // slots at and after `slot` are final
            for addition in additions.reversed() {
                var low = 0
                var high = unplaced
                while low < high {
                    let mid = (low + high) / 2
                    if base[mid] < addition { low = mid + 1 } else { high = mid }
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

    mutating func remove(_ path: DocumentPath) {
        let index = self.lowerBound(of: path)
        if index < self.paths.count && self.paths[index] == path { self.paths.remove(at: index) }
    }

    mutating func adjustDescendants(of path: DocumentPath, by delta: Int) {
        let count = self.descendantCounts[path, default: 0] + delta
        self.descendantCounts[path] = count > 0 ? count : nil
    }

    /// Appends without keeping order; call `restoreOrder()` once after a bulk load. O(1).
    mutating func appendUnordered(_ path: DocumentPath) {
        self.paths.append(path)
    }

    /// Sorts after `appendUnordered`: O(n log n) once instead of O(n) per insert.
    mutating func restoreOrder() {
        self.paths.sort()
    }
}
