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

    /// Inserts several paths not yet present with one batched pass (see `insertSorted`).
    mutating func insert(contentsOf newPaths: [DocumentPath]) {
        self.paths.insertSorted(newPaths, by: <)
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
