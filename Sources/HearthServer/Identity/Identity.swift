public import HearthJSON

/// Who is making a request, as Firebase's services see it.
///
/// Mirrors the emulator suite: `Bearer owner` is the admin identity that bypasses security
/// rules; any other bearer token is a Firebase ID token whose claims are read without checking
/// the signature; no token at all is an unauthenticated caller (`request.auth == null`).
public enum Identity: Sendable, Equatable {
    case anonymous
    case owner
    /// A user from an ID token: `uid` is `sub` (or `user_id`), `claims` is every claim, which
    /// becomes `request.auth.token` in rules.
    case user(uid: String, claims: JSONObject)
}
