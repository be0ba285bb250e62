public import HearthCore

/// Where a store's committed changes go to become durable (implemented above this module,
/// over the embedded database): a ``Journal`` of Firestore ``JournalEntry`` values that fails
/// with UNAVAILABLE naming the cause (disk full, permissions, I/O error).
public protocol CommitJournal: Journal where Entry == JournalEntry, Receipt == JournalReceipt, Failure == FirestoreError {}
