/// A sorted, incrementally maintained index over the documents of one scope.
///
/// Built lazily the first time a query needs it (O(n log n) over the scope), then kept up to
/// date by every write to the scope (O(log n) to find, O(n) memmove to insert or remove). A
/// query binary-searches its equality prefix and cursors, then walks only the entries it
/// returns or skips, so its cost grows with the result, not with the collection.
struct QueryIndex: Sendable {
    let definition: IndexDefinition
    private let ordering: DocumentOrdering
    private(set) var entries: [IndexEntry] = []
    /// A logical clock value of the last use, for evicting the least recently used index.
    var lastUsed: UInt64 = 0

    init(definition: IndexDefinition, documents: some Sequence<Document>) {
        self.definition = definition
        self.ordering = DocumentOrdering(definition.fields)
        let unsorted = documents.compactMap { self.entry(for: $0) }
        self.entries = unsorted.sorted { self.compare($0, $1) == .ascending }
    }

    /// The entry for `document`, or nil when it lacks an indexed field or is out of scope.
    func entry(for document: Document) -> IndexEntry? {
        guard self.definition.covers(document.path) else { return nil }
        var key: [FirestoreValue] = []
        key.reserveCapacity(self.definition.fields.count - 1)
        for order in self.definition.fields where !order.isDocumentID {
            guard let value = document.fields.value(at: order.field) else { return nil }
            key.append(value)
        }
        return IndexEntry(key: key, path: document.path)
    }

    /// Keeps the index in step with one document write (`old` → `new`, either may be nil).
    mutating func update(from old: Document?, to new: Document?) {
        let oldEntry = old.flatMap { self.entry(for: $0) }
        let newEntry = new.flatMap { self.entry(for: $0) }
        if oldEntry == newEntry { return }
        if let oldEntry {
            let index = self.lowerBound { self.compare($0, oldEntry) == .ascending }
            if index < self.entries.count, self.entries[index] == oldEntry { self.entries.remove(at: index) }
        }
        if let newEntry {
            let index = self.lowerBound { self.compare($0, newEntry) == .ascending }
            self.entries.insert(newEntry, at: index)
        }
    }

    /// Keeps the index in step with a batch of document writes: the stale entries leave in one
    /// filtering pass, the new ones arrive in one batched insertion, instead of a memmove of the
    /// tail per document.
    mutating func update(_ changes: [(old: Document?, new: Document?)]) {
        guard changes.count > 1 else {
            if let change = changes.first { self.update(from: change.old, to: change.new) }
            return
        }
        var stale: Set<IndexEntry> = []
        var additions: [IndexEntry] = []
        for change in changes {
            let oldEntry = change.old.flatMap { self.entry(for: $0) }
            let newEntry = change.new.flatMap { self.entry(for: $0) }
            if oldEntry == newEntry { continue }
            if let oldEntry { stale.insert(oldEntry) }
            if let newEntry { additions.append(newEntry) }
        }
        if !stale.isEmpty { self.entries.removeAll { stale.contains($0) } }
        let ordering = self.ordering
        self.entries.insertSorted(additions) { ordering.compare($0.key, $0.path, $1.key, $1.path) == .ascending }
    }

    /// The first position whose entry does not satisfy `isBefore` (entries satisfying it must
    /// form a prefix). O(log n).
    func lowerBound(_ isBefore: (IndexEntry) -> Bool) -> Int {
        var low = 0
        var high = self.entries.count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self.entries[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Orders two entries by the definition's fields and directions.
    func compare(_ a: IndexEntry, _ b: IndexEntry) -> FirestoreOrdering {
        self.ordering.compare(a.key, a.path, b.key, b.path)
    }

    /// Orders an entry against a bound given as values for a prefix of the fields (the
    /// `__name__` component as a reference), the way cursors compare: `.same` when the entry
    /// equals the bound on every given component.
    func compare(_ entry: IndexEntry, toBound bound: [FirestoreValue]) -> FirestoreOrdering {
        var valueIndex = 0
        for (position, order) in self.definition.fields.enumerated() where position < bound.count {
            var result: FirestoreOrdering
            if order.isDocumentID {
                guard case .reference(let name) = bound[position] else { return .ascending }
                result = entry.path < name.path ? .ascending : (entry.path == name.path ? .same : .descending)
            } else {
                result = FirestoreValue.compare(entry.key[valueIndex], bound[position])
                valueIndex += 1
            }
            if order.direction == .descending { result = result.reversed }
            if result != .same { return result }
        }
        return .same
    }
}
