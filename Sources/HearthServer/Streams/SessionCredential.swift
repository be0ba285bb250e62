/// What a ``StreamSession`` asks about its caller's credential at each re-check (an account's
/// standing changed, the rules changed, a keep-alive): the ID token it authenticated with may
/// have been refused since, its user disabled or its tokens revoked (issue 17: connections
/// that authenticated before must lose their access too, not only the next request).
///
/// Why a protocol: an SSE stream or a gRPC Listen call keeps the credential it opened with
/// (``AccountCredential``) and ends when it is refused; an RTDB WebSocket's credential changes
/// with `auth`/`unauth`, and a refusal does not end the connection (`ac`, then it goes on
/// unauthenticated), so the connection answers for itself. Must be cheap: one account look-up.
protocol SessionCredential: Sendable {
    /// Asks again; returns why the credential is refused when `session` must end for it as on
    /// expiry (`auth_revoked`, Firestore's UNAUTHENTICATED), else nil. A session that outlives
    /// its credential handles the refusal itself and returns nil.
    func refusal(in session: StreamSession) -> IdentityError?
}

extension AccountCredential: SessionCredential {
    func refusal(in session: StreamSession) -> IdentityError? {
        self.refusal()
    }
}
