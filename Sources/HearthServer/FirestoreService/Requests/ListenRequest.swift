import HearthFirestore

/// Listen: open a subscription to `target`, resuming after `resumeToken` (the read time of the
/// last snapshot the client saw) when it reconnects.
struct ListenRequest: Sendable, Hashable {
    var database: DatabaseID
    var target: ListenTarget
    /// How the caller is judged for the target: some targets are authorized as they were asked
    /// for, not as the store keeps them (see `ListenAccess`).
    var access: ListenAccess
    var resumeToken: Timestamp?
}
