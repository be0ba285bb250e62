import HearthCore

/// A ``DatabaseJournal`` bound to one namespace: the generic `Journal` a ``DatabaseStore``
/// hands its changes to, so its undo runs through the same `PendingChanges` as Firestore's.
struct NamespaceJournal: Journal {
    let journal: any DatabaseJournal
    let namespace: String

    func enqueue(_ entry: DatabaseChange, after: DatabaseJournalReceipt?) -> DatabaseJournalReceipt {
        self.journal.enqueue(entry, namespace: self.namespace, after: after)
    }

    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError) {
        try await self.journal.waitUntilDurable(receipt)
    }
}
