/// Firestore's documented hard limits (Firestore quotas page), enforced on writes.
///
/// The Firebase emulator historically did not enforce these (firebase-tools #1899); Hearth does, so
/// code that passes locally does not fail in production.
public enum FirestoreLimits {
    /// Maximum document size, 1 MiB, computed with the storage-size rules (``MapValue/storageSize(documentName:)``).
    public static let maxDocumentSize = 1_048_576
    /// Maximum depth of maps and arrays: a top-level field is at depth 1.
    public static let maxNestingDepth = 20
    /// Maximum length of a field path, in UTF-8 bytes.
    public static let maxFieldPathBytes = 1500
    /// Maximum length of a field name, in UTF-8 bytes.
    public static let maxFieldNameBytes = 1500
    /// Maximum length of a collection or document ID, in UTF-8 bytes.
    public static let maxIDBytes = 1500
    /// Maximum length of a document's full resource name, in UTF-8 bytes.
    public static let maxDocumentNameBytes = 6 * 1024
    /// Maximum number of collection levels in a path.
    public static let maxCollectionDepth = 100
}
