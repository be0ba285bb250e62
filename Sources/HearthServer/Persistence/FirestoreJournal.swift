import HearthFirestore
import HearthStorage

/// Firestore's commits, made durable in the embedded database.
///
/// Each database is a namespace `firestore/{project}/{database}`; each document a record keyed
/// by its relative path (`rooms/r1/messages/m1`) whose value is `DocumentBinaryCodec`'s
/// encoding. A commit becomes one storage batch, so it is all-or-nothing on disk; concurrent
/// commits share one SQLite transaction (group commit) in the storage layer.
struct FirestoreJournal: CommitJournal {
    let storage: DurableStore

    static func namespace(of database: DatabaseID) -> String {
        "firestore/\(database.project)/\(database.database)"
    }

    /// The database a namespace holds, or nil if it is not a valid Firestore namespace.
    static func database(ofNamespace namespace: String) -> DatabaseID? {
        let parts = namespace.split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == "firestore" else { return nil }
        return try? DatabaseID(project: parts[1], database: parts[2])
    }

    func enqueue(_ entry: JournalEntry, after: JournalReceipt?) -> JournalReceipt {
        let operations: [StorageOperation]
        switch entry {
        case .clear(let database):
            operations = [.deleteNamespace(Self.namespace(of: database))]
        case .commit(let database, let committed):
            let namespace = Self.namespace(of: database)
            operations = committed.changes.map { change in
                if let after = change.after {
                    .put(namespace: namespace, key: change.path.relativeString, value: DocumentBinaryCodec.encode(after))
                } else {
                    .delete(namespace: namespace, key: change.path.relativeString)
                }
            }
        }
        return self.storage.enqueue(operations, after: after)
    }

    func waitUntilDurable(_ receipt: JournalReceipt) async throws(FirestoreError) {
        try await self.storage.waitUntilDurable(receipt, unavailable: FirestoreError.unavailable)
    }
}
