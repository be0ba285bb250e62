import HearthStorage

/// Rules deployed with `PUT …:securityRules` kept in the data file, so a restart (or a crash)
/// comes back with the rules that were in force.
///
/// Namespace `rules/firestore`, one record per project keyed by the project ID; the value is
/// the file name, a newline, then the rules text (UTF-8). A `--rules` file is not stored: it
/// is read from disk at every start.
struct RulesPersistence: Sendable {
    static let namespace = "rules/firestore"
    let storage: DurableStore

    /// Saves `source` for `project`; returns once it is durable.
    func save(project: String, fileName: String, source: String) async throws(StorageError) {
        let value = Array((fileName + "\n" + source).utf8)
        try await self.storage.write(StorageBatch([.put(namespace: Self.namespace, key: project, value: value)]))
    }

    /// Every stored ruleset: (project, file name, source).
    func load() throws -> [(project: String, fileName: String, source: String)] {
        var found: [(String, String, String)] = []
        try self.storage.scan(namespace: Self.namespace) { record in
            let text = String(decoding: record.value, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            found.append((record.key, String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
        }
        return found
    }
}
