import HearthRules

/// Who a Realtime Database request acts as, once its credentials are read.
///
/// Mirrors the emulator (`rtdb.md` §1.9, §9): `owner` (as `Authorization: Bearer owner`,
/// `auth=owner` or `access_token=owner`) is the admin and bypasses rules, unless it also sends
/// `auth_variable_override`, which makes the request run under rules with exactly that `auth`.
/// Anyone else runs under rules with `auth` from their ID token, or `auth == null`.
enum DatabaseCaller: Sendable, Equatable {
    case admin
    /// Rules apply; nil `auth` is an unauthenticated caller. `expires` is the token's `exp` in
    /// milliseconds since the epoch, when it has one (streams end with `auth_revoked` then).
    case user(auth: DatabaseRulesAuth?, expires: Int64?)

    var isAdmin: Bool { self == .admin }
}
