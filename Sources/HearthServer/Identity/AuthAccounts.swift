import HearthAuth

/// The Auth emulator's accounts as the identity provider's ``AccountLookup``: Firestore and the
/// Realtime Database (every transport) refuse an ID token whose user is disabled or whose
/// tokens were revoked after it was issued, as the Auth emulator refuses it
/// (`parseIdToken`). A user the store does not know stays active (tokens minted with
/// `hearth token`). One dictionary look-up under the store's lock per request; a disabled user
/// or a revocation is told to the observers (open streams and sockets re-check then).
struct AuthAccounts: AccountLookup {
    let store: AccountStore

    func standing(of uid: String, project: String?, tenant: String?, issuedAt: Int64?) -> AccountStanding {
        guard let project else { return .active }
        switch self.store.standing(of: uid, project: project, tenant: tenant, issuedAt: issuedAt)?.code {
        case "USER_DISABLED"?: return .disabled
        case "TOKEN_EXPIRED"?: return .revoked
        default: return .active
        }
    }

    func observe(_ onChange: @escaping @Sendable () -> Void) {
        self.store.addStandingObserver(onChange)
    }
}
