/// One entry of a ListDocuments page.
///
/// With `showMissing`, Firestore also lists "missing" documents: names that have documents in
/// subcollections beneath them but no document of their own. They carry a name and nothing else.
public enum ListedDocument: Sendable, Hashable {
    case document(Document)
    case missing(DocumentPath)

    public var path: DocumentPath {
        switch self {
        case .document(let document): document.path
        case .missing(let path): path
        }
    }
}
