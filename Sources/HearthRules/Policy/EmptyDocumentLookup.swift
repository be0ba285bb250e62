/// A lookup that finds nothing: `exists()` is false and `get()` errors.
public struct EmptyDocumentLookup: DocumentLookup {
    public init() {}
    public func document(at path: [String], after: Bool) -> RuleDocument? { nil }
}
