import HearthStorage

/// Rules uploaded at run time kept in the data file, so a restart (or a crash) comes back with
/// the rules that were in force: Firestore's `PUT …:securityRules` (namespace `rules/firestore`,
/// keyed by project) and the Realtime Database's `PUT /.settings/rules.json` (namespace
/// `rules/database`, keyed by database namespace). The value is the file name, a newline, then
/// the rules text (UTF-8). Rules files named on the command line are not stored: they are read
/// from disk at every start.
struct RulesPersistence: Sendable {
    static let firestoreNamespace = "rules/firestore"
    static let databaseNamespace = "rules/database"
    let storage: DurableStore
    let namespace: String

    /// Saves `source` under `key`; returns once it is durable.
    func save(key: String, fileName: String, source: String) async throws(StorageError) {
        let value = Array((fileName + "\n" + source).utf8)
        try await self.storage.write(StorageBatch([.put(namespace: self.namespace, key: key, value: value)]))
    }

    /// Every stored ruleset: (key, file name, source).
    func load() throws -> [(key: String, fileName: String, source: String)] {
        var found: [(String, String, String)] = []
        try self.storage.scan(namespace: self.namespace) { record in
            let text = String(decoding: record.value, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            found.append((record.key, String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
        }
        return found
    }
}
