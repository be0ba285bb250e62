/// One page of a ListDocuments result.
public struct ListPage: Sendable, Hashable {
    public var entries: [ListedDocument]
    /// Where the next page starts; nil on the last page.
    public var next: ListCursor?

    public init(entries: [ListedDocument], next: ListCursor?) {
        self.entries = entries
        self.next = next
    }
}
