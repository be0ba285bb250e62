/// What the store does with later batches once a batch could not be written.
public enum FailurePolicy: Sendable, Hashable {
    /// Retry a failed group's batches one by one, so each fails only for its own reasons, and
    /// keep writing later batches. For callers whose batches are independent of each other.
    case isolateBatches
    /// Fail the failed group and every batch queued after it, and refuse further writes until
    /// the store is reopened. For callers whose later batches may have been computed from the
    /// state a failed batch would have produced (a database's commits are): nothing built on a
    /// write that did not survive ever reaches the disk.
    case stopAtFirstFailure
}
