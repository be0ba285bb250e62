/// The REST ETag of a location (`rtdb.md` §2): the node hash, or `null_etag` for no data.
///
/// Production's ETags are 28-character base64 SHA-1 digests and clients treat them as opaque;
/// Hearth uses the JS SDK's content hash (Appendix A), so equal data has an equal ETag and
/// `if-match: null_etag` means "only if absent".
public enum DatabaseETag {
    /// The ETag of a location with no data.
    public static let null = "null_etag"

    /// The ETag of `node`. O(size of the node).
    public static func of(_ node: DatabaseNode) -> String {
        let hash = node.hash
        return hash.isEmpty ? Self.null : hash
    }
}
