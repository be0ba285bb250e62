import HearthFirestore

/// Read masks: `mask.fieldPaths` of GetDocument and ListDocuments, `mask` of BatchGetDocuments.
///
/// Production refuses reserved names (`__.*__`) in masks as it does in writes and transforms
/// (reference §2.3); `__name__`, the document key, is accepted as it is in a query's `select`.
enum ReadMask {
    static func validated(_ paths: [FieldPath]?, at location: String) throws(FirestoreError) -> [FieldPath]? {
        for path in paths ?? [] where path.isReserved && path != .documentID {
            throw .invalidArgument(
                "Invalid value at '\(location)': field path '\(path.canonicalString)' is reserved (names matching __.*__ are not allowed in a mask)."
            )
        }
        return paths
    }
}
