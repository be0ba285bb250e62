/// The path of a collection relative to its database's `documents` root: `c` or `c/d/sub`.
///
/// Always an odd number (≥ 1) of valid IDs, at most 100 collection levels deep.
public struct CollectionPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Collection ID, document ID, …, collection ID.
    public let segments: [String]

    /// - Throws: INVALID_ARGUMENT naming the path and the offending segment.
    public init(segments: [String]) throws(FirestoreError) {
        guard segments.count % 2 == 1 else {
            throw .invalidArgument(
                "Invalid collection path \"\(segments.joined(separator: "/"))\": a collection path must have an odd number of segments (found \(segments.count))."
            )
        }
        try ResourceID.validate(segments: segments)
        self.segments = segments
    }

    /// Parses a relative path such as `users` or `users/alice/posts`.
    public init(parsing relativePath: String) throws(FirestoreError) {
        try self.init(segments: ResourceID.split(relativePath))
    }

    init(unchecked segments: [String]) {
        self.segments = segments
    }

    /// The collection ID (the last segment).
    public var id: String { self.segments[self.segments.count - 1] }

    /// The document containing this subcollection, or `nil` for a root collection.
    public var parent: DocumentPath? {
        self.segments.count == 1 ? nil : DocumentPath(unchecked: Array(self.segments.dropLast()))
    }

    /// The document `documentID` in this collection.
    /// - Throws: INVALID_ARGUMENT if the ID is invalid.
    public func child(_ documentID: String) throws(FirestoreError) -> DocumentPath {
        try ResourceID.validate(documentID: documentID, in: self.relativeString + "/" + documentID)
        return DocumentPath(unchecked: self.segments + [documentID])
    }

    /// `c/d/e`.
    public var relativeString: String { self.segments.joined(separator: "/") }

    public var description: String { self.relativeString }

    /// Whether `document` is directly in this collection.
    public func isParent(of document: DocumentPath) -> Bool {
        document.segments.count == self.segments.count + 1 && document.segments.starts(with: self.segments)
    }

    /// Firestore key order.
    public static func < (lhs: CollectionPath, rhs: CollectionPath) -> Bool {
        ResourceID.compare(segments: lhs.segments, rhs.segments) == .ascending
    }
}
