/// The outcome of a write guarded by `if-match` (`rtdb.md` §2).
public enum DatabaseConditionalResult: Sendable, Equatable {
    /// The ETag matched and the write was applied.
    case written(DatabaseWriteResult)
    /// The ETag did not match: nothing was written; answer 412 with `etag` in the `ETag` header
    /// and `current` as the body.
    case preconditionFailed(current: DatabaseNode, etag: String)
}
