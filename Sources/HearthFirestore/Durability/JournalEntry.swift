/// One durable unit of change for a database.
public enum JournalEntry: Sendable, Hashable {
    /// A commit's document changes (after-images; nil = deleted).
    case commit(DatabaseID, CommittedChanges)
    /// Every document of the database deleted.
    case clear(DatabaseID)
}
