import HearthFirestore

/// One Firestore database in an export: which, how many documents, and the `.jsonl` file
/// (relative to the export directory) that holds them.
struct ExportedDatabase: Sendable, Equatable {
    var database: DatabaseID
    var documents: Int
    var file: String

    /// `firestore/<project>/<database>.jsonl`, the file export writes for `database`.
    static func file(for database: DatabaseID) -> String {
        "firestore/\(database.project)/\(database.database).jsonl"
    }
}
