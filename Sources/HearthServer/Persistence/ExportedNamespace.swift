/// One Realtime Database namespace in an export: its name, how many values (leaves) it holds,
/// and the JSON file (relative to the export directory) with its whole tree, in the plain JSON
/// Firebase itself exports (`format=export`: priorities as `.priority`/`.value`).
struct ExportedNamespace: Sendable, Equatable {
    var namespace: String
    var values: Int
    var file: String

    /// `database/<namespace>.json`, the file export writes for `namespace`.
    static func file(for namespace: String) -> String {
        "database/\(namespace).json"
    }
}
