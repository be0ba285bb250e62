import HearthFirestore

/// The emulator suite's own operations on Firestore data (not part of the Firestore API).
extension FirestoreService {
    /// The emulator's clear: removes every document of the database, or those under the
    /// prefix, once durable. Listeners see the removals. Admin access is the caller's to check
    /// (a transport matter: who is on this machine).
    func clear(_ request: ClearRequest) async throws(FirestoreError) {
        let store = self.databases.store(for: request.database)
        if let prefix = request.prefix {
            try await store.waitUntilDurable(store.removeAll(under: prefix).receipt)
        } else {
            try await store.waitUntilDurable(store.removeAll())
        }
    }
}
