import HearthAuth

extension AccountTransaction {
    /// The account an ID token names, checked as the emulator's `parseIdToken` does, inside
    /// the transaction that then changes it.
    /// - Throws: `MISSING_ID_TOKEN`, `INVALID_ID_TOKEN`, `TENANT_ID_MISMATCH`,
    ///   `USER_NOT_FOUND`, `TOKEN_EXPIRED` (revoked), `USER_DISABLED`.
    func user(presenting idToken: String?) throws(AuthError) -> (AuthUser, IDToken) {
        guard let idToken, !idToken.isEmpty else { throw AuthError.missingIDToken }
        let token = try IDToken(parsing: idToken)
        if let tenant = token.tenant, tenant != self.scope.tenant { throw AuthError.tenantIDMismatch }
        guard let user = self.user(token.uid) else { throw AuthError.userNotFound }
        if let validSince = user.validSince, token.issuedAt < validSince { throw AuthError.tokenExpired }
        if user.disabled { throw AuthError.userDisabled }
        return (user, token)
    }
}
