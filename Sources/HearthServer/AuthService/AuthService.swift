import HearthAuth
import HearthJSON
import Logging

/// The Auth emulator's operations, transport-free: each takes a typed call (who asks, for
/// which project or tenant) and the request's fields, reads and writes the ``AccountStore``,
/// and returns identitytoolkit's response message; `AuthRoutes` is the REST adapter.
///
/// Mirrors the emulator suite's `operations.ts` (cited per operation). Every write waits
/// until it is durable before it returns, so a response is only sent for what survives
/// `kill -9`. Codes (OOB, SMS) are logged as the emulator logs them, since nothing is sent.
struct AuthService: Sendable {
    let store: AccountStore
    let logger: Logger

    /// Runs `body` as one transaction on `call`'s scope and waits until it is durable.
    func write<T: Sendable>(_ call: AuthCall, _ body: (inout AccountTransaction) throws(AuthError) -> T) async throws(AuthError) -> T {
        let written = try self.store.write(call.scope, body)
        try await self.store.waitUntilDurable(written.receipt)
        return written.value
    }

    /// The account an ID token names in `call`'s scope (revoked and disabled users refused).
    func user(presenting idToken: String?, _ call: AuthCall) throws(AuthError) -> (AuthUser, IDToken) {
        guard let idToken, !idToken.isEmpty else { throw AuthError.missingIDToken }
        return try self.store.user(presenting: idToken, in: call.scope)
    }

    /// Mints an ID token and a refresh token for `user`'s sign-in with `provider`, recording
    /// the time (`lastRefreshAt`) as the emulator's `issueTokens` does, inside `transaction`.
    static func issueTokens(
        for localID: String, provider: String, extraClaims: JSONObject = JSONObject(), secondFactor: SecondFactor? = nil,
        in transaction: inout AccountTransaction
    ) throws(AuthError) -> IssuedTokens {
        let now = transaction.now
        let user = try transaction.update(localID) { user in user.lastRefreshAt = now }
        let idToken = IDToken.mint(
            for: user, scope: transaction.scope, provider: provider, extraClaims: extraClaims, secondFactor: secondFactor, now: now / 1000)
        let refresh = RefreshToken(
            localID: localID, provider: provider, extraClaims: extraClaims, scope: transaction.scope, secondFactor: secondFactor)
        return IssuedTokens(user: user, idToken: idToken, refreshToken: refresh.encoded)
    }
}
