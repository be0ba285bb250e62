import HearthFirestore

/// Listen: opening a subscription. Delivering its snapshots (queues, keep-alives, the wire's
/// framing) is the transport's part (`ListenStream` for SSE).
extension FirestoreService {
    /// Authorizes the caller for the target (PERMISSION_DENIED before anything is
    /// registered) and answers the grant the transport subscribes with and re-checks by.
    func listen(_ request: ListenRequest, caller: Caller) throws(FirestoreError) -> ListenGrant {
        let grant = ListenGrant(call: self.call(request.database, caller), request: request)
        try grant.authorize(grant.call)
        return grant
    }
}
