/// Storage size of maps and whole documents (see ``FirestoreValue/storageSize``).
extension MapValue {
    /// Σ (field name UTF-8 bytes + 1 + value size): the size of this map as a value, and the
    /// field part of a document's size.
    public var fieldsStorageSize: Int {
        self.fields.reduce(0) { $0 + $1.key.utf8.count + 1 + $1.value.storageSize }
    }

    /// The size of a document with these fields: name size + Σ(field name size + value size) + 32.
    public func storageSize(documentName: DocumentName) -> Int {
        documentName.storageSize + self.fieldsStorageSize + 32
    }

    /// The deepest nesting among the fields (0 for an empty map); see ``FirestoreValue/nestingDepth``.
    public var nestingDepth: Int {
        self.fields.values.reduce(0) { Swift.max($0, $1.nestingDepth) }
    }
}
