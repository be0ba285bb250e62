/// A position in an ordered listing: the ordered values and the name of the last entry served.
///
/// Page tokens carry one of these, so a page resumes after the last document the client saw
/// even if documents were added or removed in between (an offset would skip or repeat).
public struct ListCursor: Sendable, Hashable {
    public var values: [FirestoreValue]
    public var path: DocumentPath

    public init(values: [FirestoreValue], path: DocumentPath) {
        self.values = values
        self.path = path
    }
}
