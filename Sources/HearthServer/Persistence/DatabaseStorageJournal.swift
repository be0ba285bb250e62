import HearthDatabase
import HearthJSON
import HearthStorage

/// The Realtime Database's changes, made durable in the embedded database.
///
/// Each namespace is a storage namespace `rtdb/<ns>`; the tree is kept as one record per leaf,
/// keyed by its path (`users/alice/name`, the root leaf `""`), whose value is the leaf in
/// export JSON (`"Alice"`, or `{".value":…,".priority":…}`), plus a record `<path>/.priority`
/// for an object's priority. A write at a location deletes what was stored at and below it
/// (one key, one key range) and any leaf above it that the write turns into an object, then
/// puts the new leaves: its cost is the size of the value written, never of the tree. A
/// change is one storage batch, so it is all-or-nothing on disk; concurrent changes share a
/// SQLite transaction (group commit). `DatabaseRecovery` rebuilds the tree from the records.
struct DatabaseStorageJournal: DatabaseJournal {
    let storage: DurableStore

    static let namespacePrefix = "rtdb/"

    static func storageNamespace(_ namespace: String) -> String { Self.namespacePrefix + namespace }

    /// The database namespace a storage namespace holds, or nil if it is not a Realtime Database one.
    static func databaseNamespace(of storageNamespace: String) -> String? {
        guard storageNamespace.hasPrefix(Self.namespacePrefix) else { return nil }
        return String(storageNamespace.dropFirst(Self.namespacePrefix.count))
    }

    func enqueue(_ change: DatabaseChange, namespace: String, after: DatabaseJournalReceipt?) -> DatabaseJournalReceipt {
        let storageNamespace = Self.storageNamespace(namespace)
        var operations: [StorageOperation] = []
        for entry in change.entries {
            let location = change.path.appending(entry.path)
            Self.operations(writing: entry.value, at: location, in: storageNamespace, into: &operations)
        }
        return self.storage.enqueue(operations, after: after)
    }

    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError) {
        try await self.storage.waitUntilDurable(receipt, unavailable: DatabaseError.unavailable)
    }

    /// What replaces the stored subtree at `location` with `value`.
    static func operations(writing value: DatabaseNode, at location: DatabasePath, in namespace: String, into operations: inout [StorageOperation]) {
        let key = Self.key(location.segments)
        if location.isRoot {
            operations.append(.deleteNamespace(namespace))
        } else {
            operations.append(.delete(namespace: namespace, key: key))
            operations.append(.deletePrefix(namespace: namespace, keyPrefix: key + "/"))
            // A leaf above the location becomes an object: its record must go.
            for depth in 0..<location.count {
                operations.append(.delete(namespace: namespace, key: Self.key(location.segments.prefix(depth))))
            }
        }
        Self.puts(value, key: key, namespace: namespace, into: &operations)
    }

    private static func puts(_ node: DatabaseNode, key: String, namespace: String, into operations: inout [StorageOperation]) {
        if node.leaf != nil {
            operations.append(.put(namespace: namespace, key: key, value: node.json(.export).serialized()))
            return
        }
        for (child, subtree) in node.children {
            Self.puts(subtree, key: key.isEmpty ? child : key + "/" + child, namespace: namespace, into: &operations)
        }
        if let priority = node.priority, node.hasChildren {
            operations.append(.put(namespace: namespace, key: (key.isEmpty ? "" : key + "/") + ".priority", value: priority.leaf.json.serialized()))
        }
    }

    static func key(_ segments: some Collection<String>) -> String {
        segments.joined(separator: "/")
    }
}
