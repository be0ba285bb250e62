import Synchronization

extension AccountStore {
    /// Whether the ID token of `uid`, issued at `issuedAt` (epoch seconds) for `project`
    /// (and `tenant`), may still be used: the emulator's `parseIdToken` check.
    ///
    /// Refused (`TOKEN_EXPIRED`, `USER_DISABLED`) when the user is disabled or the token
    /// predates `validSince`; a user the store does not know is not refused here (tokens
    /// minted by `hearth token` name users no store has seen). O(1) under the lock.
    public func standing(of uid: String, project: String, tenant: String?, issuedAt: Int64?) -> AuthError? {
        guard let scope = try? AuthScope(project: project, tenant: tenant), let user = self.user(uid, in: scope) else { return nil }
        if user.disabled { return AuthError.userDisabled }
        if let validSince = user.validSince, (issuedAt ?? 0) < validSince { return AuthError.tokenExpired }
        return nil
    }

    /// The account an ID token names, as the emulator's `parseIdToken` finds it.
    /// - Throws: `INVALID_ID_TOKEN` (not a JWT), `TENANT_ID_MISMATCH`, `USER_NOT_FOUND`,
    ///   `TOKEN_EXPIRED` (revoked), `USER_DISABLED`.
    public func user(presenting idToken: String, in scope: AuthScope) throws(AuthError) -> (AuthUser, IDToken) {
        let token = try IDToken(parsing: idToken)
        if let tenant = token.tenant, tenant != scope.tenant { throw AuthError.tenantIDMismatch }
        guard let user = self.user(token.uid, in: scope) else { throw AuthError.userNotFound }
        if let validSince = user.validSince, token.issuedAt < validSince { throw AuthError.tokenExpired }
        if user.disabled { throw AuthError.userDisabled }
        return (user, token)
    }
}
