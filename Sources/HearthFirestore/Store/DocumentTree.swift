/// The documents of one database: a hash map for point reads and a sorted index per collection.
///
/// Value type, mutated only under the owning `DocumentStore`'s lock. Costs: `document(at:)` is
/// one hash lookup; `put` of a new document and `remove` are O(log n + n) in the size of its
/// collection (sorted insert) plus O(depth) for the ancestor counts; replacing an existing
/// document is one hash update.
struct DocumentTree: Sendable {
    private(set) var documents: [DocumentPath: Document] = [:]
    private(set) var collections: [CollectionPath: CollectionIndex] = [:]
    /// Query indexes built so far, kept current by every write (see `QueryIndex`).
    private(set) var indexes: [IndexDefinition: QueryIndex] = [:]
    private var indexClock: UInt64 = 0
    /// At most this many indexes per database; the least recently used goes first, bounding
    /// memory and the per-write maintenance cost.
    static let maximumIndexes = 32

    func document(at path: DocumentPath) -> Document? {
        self.documents[path]
    }

    func collection(_ path: CollectionPath) -> CollectionIndex? {
        self.collections[path]
    }

    mutating func put(_ document: Document) {
        self.put([document])
    }

    /// Stores several documents; the new names of each collection are merged into its index in
    /// one pass (see `CollectionIndex.insert(contentsOf:)`).
    mutating func put(_ batch: [Document]) {
        var added: [CollectionPath: [DocumentPath]] = [:]
        var changes: [(old: Document?, new: Document?)] = []
        for document in batch {
            let old = self.documents.updateValue(document, forKey: document.path)
            if !self.indexes.isEmpty { changes.append((old, document)) }
            guard old == nil else { continue }
            added[document.path.parent, default: []].append(document.path)
            for ancestor in Self.ancestors(of: document.path) {
                self.collections[ancestor.parent, default: CollectionIndex()].adjustDescendants(of: ancestor, by: 1)
            }
        }
        for (collection, paths) in added {
            self.collections[collection, default: CollectionIndex()].insert(contentsOf: paths)
        }
        // Keys copied out first: iterating the dictionary while mutating it would keep its
        // storage shared and copy every index on each write.
        for definition in Array(self.indexes.keys) {
            let covered = changes.filter { definition.covers($0.new!.path) }
            if !covered.isEmpty { self.indexes[definition]!.update(covered) }
        }
    }

    mutating func remove(_ path: DocumentPath) {
        guard let old = self.documents.removeValue(forKey: path) else { return }
        self.updateIndexes(from: old, to: nil)
        self.update(collection: path.parent) { $0.remove(path) }
        for ancestor in Self.ancestors(of: path) {
            self.update(collection: ancestor.parent) { $0.adjustDescendants(of: ancestor, by: -1) }
        }
    }

    /// Loads documents into an empty tree at start-up: each collection is sorted once at the end
    /// rather than kept sorted per insert, so a million documents load in O(n log n).
    mutating func bulkLoad(_ loaded: some Sequence<Document>) {
        precondition(self.documents.isEmpty, "bulkLoad is for an empty tree")
        for document in loaded where self.documents.updateValue(document, forKey: document.path) == nil {
            self.collections[document.path.parent, default: CollectionIndex()].appendUnordered(document.path)
            for ancestor in Self.ancestors(of: document.path) {
                self.collections[ancestor.parent, default: CollectionIndex()].adjustDescendants(of: ancestor, by: 1)
            }
        }
        for path in Array(self.collections.keys) { self.collections[path]!.restoreOrder() }  // keys copied out: see put(_:)
    }

    mutating func removeAll() {
        self.documents.removeAll()
        self.collections.removeAll()
        self.indexes.removeAll()
    }

    /// Every stored document whose path starts with `prefix` (a document or collection path's
    /// segments). O(n) over the database: used by the emulator's recursive delete only.
    func paths(under prefix: [String]) -> [DocumentPath] {
        self.documents.keys.filter { $0.segments.starts(with: prefix) }
    }

    private mutating func update(collection path: CollectionPath, _ body: (inout CollectionIndex) -> Void) {
        guard var index = self.collections.removeValue(forKey: path) else { return }
        body(&index)
        if !index.isEmpty { self.collections[path] = index }
    }

    /// The document paths strictly above `path`: `a/1/b/2/c/3` → `a/1`, `a/1/b/2`.
    private static func ancestors(of path: DocumentPath) -> [DocumentPath] {
        let segments = path.segments
        return stride(from: 2, to: segments.count, by: 2).map { DocumentPath(unchecked: Array(segments[..<$0])) }
    }

    /// The index for `definition`, built first if needed. The returned value shares storage
    /// with the stored one (copy-on-write), so this costs no copy.
    mutating func index(for definition: IndexDefinition) -> QueryIndex {
        self.indexClock += 1
        if self.indexes[definition] == nil {
            if self.indexes.count >= Self.maximumIndexes,
                let oldest = self.indexes.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
            {
                self.indexes[oldest] = nil
            }
            self.indexes[definition] = QueryIndex(definition: definition, documents: self.documents.values)
        }
        self.indexes[definition]!.lastUsed = self.indexClock
        return self.indexes[definition]!
    }

    private mutating func updateIndexes(from old: Document?, to new: Document?) {
        guard !self.indexes.isEmpty else { return }
        let path = (new ?? old)!.path
        for definition in Array(self.indexes.keys) where definition.covers(path) {
            self.indexes[definition]!.update(from: old, to: new)
        }
    }
}
