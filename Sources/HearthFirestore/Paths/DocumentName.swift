import HearthCore

/// A document's full resource name: `projects/{p}/databases/{d}/documents/{path}`.
///
/// This is what `Document.name` and `referenceValue` carry on the wire. Ordered by database, then
/// by Firestore key order of the path, which matches comparing the full names segment by segment.
public struct DocumentName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let database: DatabaseID
    public let path: DocumentPath

    public init(database: DatabaseID, path: DocumentPath) {
        self.database = database
        self.path = path
    }

    /// Parses `projects/p/databases/d/documents/c/id[/c/id…]`.
    ///
    /// - Throws: INVALID_ARGUMENT showing the expected shape, or naming the invalid segment; also if
    ///   the name is longer than 6 KiB (the documented document-name limit).
    public init(parsing name: String) throws(FirestoreError) {
        let parts = name.slashSeparated()
        guard parts.count >= 6, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents" else {
            throw .invalidArgument(
                "Invalid document name \"\(name)\": expected \"projects/{project_id}/databases/{database_id}/documents/{document_path}\"."
            )
        }
        if name.utf8.count > FirestoreLimits.maxDocumentNameBytes {
            throw .invalidArgument(
                "Invalid document name \"\(name.prefix(200))…\": longer than \(FirestoreLimits.maxDocumentNameBytes) bytes."
            )
        }
        let database = try DatabaseID(project: parts[1], database: parts[3])
        let segments = Array(parts[5...])
        guard segments.count % 2 == 0 else {
            throw .invalidArgument(
                "Invalid document name \"\(name)\": a document path must have an even number of segments (found \(segments.count))."
            )
        }
        let path = try DocumentPath(segments: segments)
        self.init(database: database, path: path)
    }

    /// `projects/{p}/databases/{d}/documents/{path}`.
    public var description: String {
        self.database.resourceName(documents: self.path.segments)
    }

    /// Database (project, then database ID), then path in key order.
    public static func < (lhs: DocumentName, rhs: DocumentName) -> Bool {
        Self.compare(lhs, rhs) == .ascending
    }

    /// Three-way order used for `referenceValue`s.
    public static func compare(_ lhs: DocumentName, _ rhs: DocumentName) -> FirestoreOrdering {
        ResourceID.compare(lhs.database.project, rhs.database.project)
            .then(ResourceID.compare(lhs.database.database, rhs.database.database))
            .then(DocumentPath.compare(lhs.path, rhs.path))
    }
}
