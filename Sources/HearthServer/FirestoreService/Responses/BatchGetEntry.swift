import HearthFirestore

/// One element of BatchGetDocuments' answer: the document at `path`, or nil when it is missing.
struct BatchGetEntry: Sendable, Hashable {
    var path: DocumentPath
    var document: Document?
    var readTime: Timestamp
}
