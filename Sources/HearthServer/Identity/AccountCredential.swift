/// The user an accepted ID token names, kept by a connection that outlives the request it
/// authenticated with (an SSE stream, a gRPC Listen call, an RTDB WebSocket) so the account
/// store can be asked again when an account's standing changes (``AccountLookup/observe(_:)``):
/// a user disabled, or tokens revoked, after the connection authenticated.
///
/// Holds only what the store is asked (uid, project, tenant, `iat`), not the token or its
/// claims. Cost: one account look-up per re-check.
struct AccountCredential: Sendable {
    let uid: String
    let project: String?
    let tenant: String?
    let issuedAt: Int64?
    let accounts: any AccountLookup

    /// The credential of `caller`; nil for anonymous callers and `owner`, which the store does
    /// not judge.
    init?(_ caller: Caller, accounts: any AccountLookup) {
        guard case .user(let uid, _) = caller.identity else { return nil }
        self.uid = uid
        self.project = caller.project
        self.tenant = caller.tenant
        self.issuedAt = caller.issuedAt
        self.accounts = accounts
    }

    /// Why the store refuses the token now (its user disabled, the token revoked), or nil.
    func refusal() -> IdentityError? {
        switch self.accounts.standing(of: self.uid, project: self.project, tenant: self.tenant, issuedAt: self.issuedAt) {
        case .active: nil
        case .disabled: IdentityError.disabled(self.uid)
        case .revoked: IdentityError.revoked(self.uid)
        }
    }
}
