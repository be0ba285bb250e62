import HearthFirestore

/// BatchGetDocuments: `paths` (distinct, in the order the client named them), each document's
/// fields limited to `mask`.
struct BatchGetRequest: Sendable, Hashable {
    var database: DatabaseID
    var paths: [DocumentPath]
    var mask: [FieldPath]?
    var consistency: ReadConsistency = .latest
}
