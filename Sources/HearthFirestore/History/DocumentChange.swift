/// One document's change in a commit: its state before and after (nil = absent).
public struct DocumentChange: Sendable, Hashable {
    public var path: DocumentPath
    public var before: Document?
    public var after: Document?

    public init(path: DocumentPath, before: Document?, after: Document?) {
        self.path = path
        self.before = before
        self.after = after
    }
}
