import HearthJSON
import HearthRules

/// The principal a credential names, with what both rules languages see of it, worked out once
/// per ID token: `IdentityProvider` builds it and caches it per token.
///
/// Converting the token's claims to rules values on every request took about 3% of the
/// server's CPU time for a rules-checked GetDocument, more than evaluating the rules'
/// conditions; the Realtime Database's `auth` is built here for the same reason.
struct Caller: Sendable {
    /// Who: anonymous, `owner` (the admin, bypasses rules), or a user with uid and claims.
    let identity: Identity
    /// Firestore's `request.auth`: nil for anonymous callers and for `owner`.
    let auth: RequestAuth?
    /// The Realtime Database's `auth` (`{uid, provider, token}`): nil for anonymous callers and
    /// for `owner` (an admin's `auth_variable_override` is read per request, not from here).
    let databaseAuth: DatabaseRulesAuth?
    /// When the credential stops being valid, in milliseconds since the epoch; nil when it
    /// does not (no `exp`, `owner`, anonymous, or a mock token: see ``expiry(of:)``). The
    /// Realtime Database refuses a request past it (`Auth token is expired`) and ends its
    /// streams then (`auth_revoked`); Firestore, like its emulator, does not look at it.
    let expires: Int64?
    /// The token's `iat` in seconds since the epoch, for the account store's revocation check.
    let issuedAt: Int64?
    /// The token's `aud` (its project) and `firebase.tenant`: where the account store looks
    /// the user up.
    let project: String?
    let tenant: String?

    init(_ identity: Identity) {
        self.identity = identity
        self.auth = RequestAuth(identity)
        if case .user(let uid, let claims) = identity {
            self.databaseAuth = DatabaseRulesAuth(uid: uid, claims: claims)
            self.expires = Self.expiry(of: claims)
            self.issuedAt = Self.seconds(claims["iat"]).map { Int64(min(max($0, -9e12), 9e12)) }
            self.project = claims["aud"]?.stringValue
            self.tenant = claims["firebase"]?.objectValue?["tenant"]?.stringValue
        } else {
            self.databaseAuth = nil
            self.expires = nil
            self.issuedAt = nil
            self.project = nil
            self.tenant = nil
        }
    }

    static let anonymous = Caller(.anonymous)
    static let owner = Caller(.owner)

    /// The token's `exp` in milliseconds, unless the token is a mock token.
    ///
    /// The emulator suite accepts the tokens `@firebase/rules-unit-testing`'s
    /// `createMockUserToken` (and `hearth token`) mint on every product: they say `iat: 0`
    /// and `exp: iat + 3600`, an hour after the epoch, so their `exp` is a lifetime on a clock
    /// that starts at zero, not a date. A token issued at the epoch therefore never expires
    /// here; any other token expires at its `exp` (the mock helper puts a real `exp` in a token
    /// given a real `iat`). Costs nothing per request: computed once per token.
    static func expiry(of claims: JSONObject) -> Int64? {
        if let issued = Self.seconds(claims["iat"]), issued == 0 { return nil }
        // Clamped so that an absurd `exp` (1e300) cannot overflow the conversion.
        return Self.seconds(claims["exp"]).map { Int64(min(max($0, -9e12), 9e12) * 1000) }
    }

    /// A numeric claim as seconds (JSON numbers may carry a fraction).
    private static func seconds(_ claim: JSONValue?) -> Double? {
        guard let text = claim?.numberValue?.text, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
