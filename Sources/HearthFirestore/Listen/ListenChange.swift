/// One document's change between two snapshots of a listen target, as Firebase's client SDKs
/// report it in `docChanges()`.
///
/// Indexes follow the SDKs' `changesFromSnapshot`: changes are meant to be applied in order to
/// the previous result, each one removing the document at `oldIndex` (if not -1) and then
/// inserting it at `newIndex` (if not -1); after the last change the list is the new result.
/// So `oldIndex` is a position in the list as the earlier changes of the same snapshot left it,
/// not in the previous snapshot as such.
public struct ListenChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The document entered the result: `oldIndex` is -1.
        case added
        /// The document stayed in the result and its content or version changed; it may also
        /// have moved. Documents that only moved because others came or went are not reported.
        case modified
        /// The document left the result (deleted, no longer matching, or pushed out of a
        /// limit): `newIndex` is -1, and `document` is the version the listener last saw.
        case removed
    }

    public var kind: Kind
    /// The document's new version; for `removed`, the last version in the result.
    public var document: Document
    /// Position before this change, or -1 for `added`.
    public var oldIndex: Int
    /// Position after this change, or -1 for `removed`.
    public var newIndex: Int

    public init(kind: Kind, document: Document, oldIndex: Int, newIndex: Int) {
        self.kind = kind
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }
}
