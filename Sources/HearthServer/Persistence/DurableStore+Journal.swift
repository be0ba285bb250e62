import HearthCore
import HearthStorage

extension DurableStore {
    /// Queues one product's entry, already turned into storage operations, after the entry
    /// with receipt `after`: what every product's journal (`FirestoreJournal`,
    /// `DatabaseStorageJournal`) does once it has its operations. A receipt is the storage
    /// ticket's sequence, so the two never disagree on order.
    func enqueue<Receipt: JournalPosition>(_ operations: [StorageOperation], after: Receipt?) -> Receipt {
        let ticket = self.enqueue(StorageBatch(operations: operations), after: after.map { StorageTicket(sequence: $0.sequence) })
        return Receipt(sequence: ticket.sequence)
    }

    /// Suspends until the entry with `receipt` is durable.
    /// - Throws: `unavailable(message)`, the product's UNAVAILABLE, saying the write could not
    ///   be saved and why (disk full, permissions, I/O error).
    func waitUntilDurable<Receipt: JournalPosition, Failure: Error>(
        _ receipt: Receipt, unavailable: (String) -> Failure
    ) async throws(Failure) {
        do {
            try await self.waitUntilDurable(StorageTicket(sequence: receipt.sequence))
        } catch {
            throw unavailable("Hearth could not save the write to its data file: \(error)")
        }
    }
}
