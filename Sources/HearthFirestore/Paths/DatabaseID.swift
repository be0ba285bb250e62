import HearthCore

/// A project and database, the root of every resource name: `projects/{project}/databases/{database}`.
///
/// Validation is deliberately lenient: the emulator accepts any project ID a client makes up
/// (`demo-test`, `my-app`, even domain-scoped `example.com:app`), so only what would corrupt a
/// resource name is rejected: empty IDs, `/`, whitespace and control characters, absurd lengths.
public struct DatabaseID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The database ID every project has.
    public static let defaultDatabase = "(default)"

    public let project: String
    public let database: String

    /// - Throws: INVALID_ARGUMENT naming the bad ID.
    public init(project: String, database: String = DatabaseID.defaultDatabase) throws(FirestoreError) {
        try Self.validateProject(project)
        try Self.validateDatabase(database)
        self.project = project
        self.database = database
    }

    /// Parses `projects/{project}/databases/{database}`.
    public init(parsing name: String) throws(FirestoreError) {
        let parts = name.slashSeparated()
        guard parts.count == 4, parts[0] == "projects", parts[2] == "databases" else {
            throw .invalidArgument(
                "Invalid database name \"\(name)\": expected \"projects/{project_id}/databases/{database_id}\"."
            )
        }
        try self.init(project: parts[1], database: parts[3])
    }

    /// `projects/{project}/databases/{database}`.
    public var name: String { self.resourceName(documents: nil) }

    /// `projects/{project}/databases/{database}/documents`, the parent of every root collection.
    public var documentsRoot: String { self.resourceName(documents: []) }

    /// `projects/{project}/databases/{database}`, then, when `documents` is given, `/documents`
    /// and each of its segments after a slash (a document's or collection's full name).
    ///
    /// Built in one string sized up front: a name is made for every document a response
    /// carries, and pieced together by interpolation and `+` it cost four or five allocations
    /// (a gRPC GetDocument's largest share after HPACK's).
    func resourceName(documents segments: [String]?) -> String {
        var length = Self.projectsPrefix.utf8.count + self.project.utf8.count + Self.databasesInfix.utf8.count + self.database.utf8.count
        if let segments {
            length += Self.documentsInfix.utf8.count
            for segment in segments { length += 1 + segment.utf8.count }
        }
        var name = ""
        name.reserveCapacity(length)
        name += Self.projectsPrefix
        name += self.project
        name += Self.databasesInfix
        name += self.database
        if let segments {
            name += Self.documentsInfix
            for segment in segments {
                name += "/"
                name += segment
            }
        }
        return name
    }

    private static let projectsPrefix = "projects/"
    private static let databasesInfix = "/databases/"
    private static let documentsInfix = "/documents"

    public var description: String { self.name }

    /// Project, then database, each by UTF-8 bytes.
    public static func < (lhs: DatabaseID, rhs: DatabaseID) -> Bool {
        UTF8Order.compare(lhs.project, rhs.project).then(UTF8Order.compare(lhs.database, rhs.database)) == .ascending
    }

    /// Non-empty, ≤ 100 characters, no `/`, whitespace or control characters.
    private static func validateProject(_ project: String) throws(FirestoreError) {
        if project.isEmpty {
            throw .invalidArgument("Invalid project ID \"\": a project ID must not be empty.")
        }
        if project.unicodeScalars.count > 100 {
            throw .invalidArgument("Invalid project ID \"\(project.prefix(100))…\": longer than 100 characters.")
        }
        if project.unicodeScalars.contains(where: { $0 == "/" || $0.value <= 0x20 || $0.value == 0x7F }) {
            throw .invalidArgument(
                "Invalid project ID \"\(project)\": it must not contain \"/\", whitespace or control characters."
            )
        }
    }

    /// `(default)`, or 1–63 characters of `[A-Za-z0-9_-]` (production requires 4–63 of `[a-z0-9-]`
    /// starting with a letter; the emulator is more forgiving and so is Hearth).
    private static func validateDatabase(_ database: String) throws(FirestoreError) {
        if database == Self.defaultDatabase { return }
        let valid =
            !database.isEmpty && database.utf8.count <= 63
            && database.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
        if !valid {
            throw .invalidArgument(
                "Invalid database ID \"\(database)\": expected \"(default)\" or 1-63 letters, digits, '-' or '_'."
            )
        }
    }
}
