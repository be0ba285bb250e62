/// The path of a document relative to its database's `documents` root: `c/d` or `c/d/sub/e`.
///
/// Always an even number (≥ 2) of valid IDs, at most 100 collection levels deep; validated once in
/// `init` so the store never sees a malformed key. Ordered by Firestore's key order (segment by
/// segment, numeric `__id<n>__` IDs first), which is the order of `__name__`.
public struct DocumentPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Collection ID, document ID, collection ID, document ID, …
    public let segments: [String]

    /// - Throws: INVALID_ARGUMENT naming the path and the offending segment.
    public init(segments: [String]) throws(FirestoreError) {
        guard segments.count >= 2, segments.count % 2 == 0 else {
            throw .invalidArgument(
                "Invalid document path \"\(segments.joined(separator: "/"))\": a document path must have an even number of segments (found \(segments.count))."
            )
        }
        try ResourceID.validate(segments: segments)
        self.segments = segments
    }

    /// Parses a relative path such as `users/alice`.
    public init(parsing relativePath: String) throws(FirestoreError) {
        try self.init(segments: ResourceID.split(relativePath))
    }

    /// For segments already validated (a child of a valid path).
    init(unchecked segments: [String]) {
        self.segments = segments
    }

    /// The document ID (the last segment).
    public var id: String { self.segments[self.segments.count - 1] }

    /// The collection containing this document.
    public var parent: CollectionPath {
        CollectionPath(unchecked: Array(self.segments.dropLast()))
    }

    /// The subcollection `collectionID` under this document.
    /// - Throws: INVALID_ARGUMENT if the ID is invalid or the path would be too deep.
    public func child(_ collectionID: String) throws(FirestoreError) -> CollectionPath {
        try CollectionPath(segments: self.segments + [collectionID])
    }

    /// `c/d/e/f`.
    public var relativeString: String { self.segments.joined(separator: "/") }

    public var description: String { self.relativeString }

    /// Number of collection levels (1 for `c/d`).
    public var depth: Int { self.segments.count / 2 }

    /// Whether this document lies (at any depth) under `ancestor`.
    public func isDescendant(of ancestor: DocumentPath) -> Bool {
        self.segments.count > ancestor.segments.count && self.segments.starts(with: ancestor.segments)
    }

    /// Firestore key order.
    public static func < (lhs: DocumentPath, rhs: DocumentPath) -> Bool {
        ResourceID.compare(segments: lhs.segments, rhs.segments) == .ascending
    }

    /// Three-way key order.
    public static func compare(_ lhs: DocumentPath, _ rhs: DocumentPath) -> FirestoreOrdering {
        ResourceID.compare(segments: lhs.segments, rhs.segments)
    }
}
